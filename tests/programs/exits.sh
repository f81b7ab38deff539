# Exits when it reads turn 3, without answering it.
. "$(dirname "$0")/lib.sh"
echo READY
while read_turn; do
    [ "$TURN" = 3 ] && exit 0
    answer
done
