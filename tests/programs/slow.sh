# Answers turn 2 after 1.2 s: over the manager's 1000 ms.
. "$(dirname "$0")/lib.sh"
echo READY
while read_turn; do
    [ "$TURN" = 2 ] && sleep 1.2
    answer
done
