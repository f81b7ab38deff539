# Answers every turn after 0.2 s, and leaves its process id in the directory $DAIMYO_TEST_PIDS
# (if set), so that a test can tell whether it outlived the arena.
. "$(dirname "$0")/lib.sh"
[ -n "$DAIMYO_TEST_PIDS" ] && : > "$DAIMYO_TEST_PIDS/$$"
echo READY
while read_turn; do
    sleep 0.2
    answer
done
