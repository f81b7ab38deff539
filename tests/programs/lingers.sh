# Answers every turn at once; after its last answer it takes $1 seconds to write "done" to the
# file $2, as a program that logs its last turn after answering it does.
. "$(dirname "$0")/lib.sh"
echo READY
while read_turn; do
    answer
    if [ "$TURN" = 9 ]; then
        sleep "$1"
        echo done > "$2"
    fi
done
