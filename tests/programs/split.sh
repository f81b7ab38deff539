# Writes every answer in two pieces with a pause between them. It also pauses before each
# answer, so that the last piece of one answer and the first of the next never share a read.
. "$(dirname "$0")/lib.sh"
echo READY
while read_turn; do
    sleep 0.1
    if [ "$PHASE" = D ]; then
        printf '0 1 2'
        sleep 0.15
        printf ' 3 4\n'
    else
        printf '5'
        sleep 0.15
        printf ' 5\n'
    fi
done
