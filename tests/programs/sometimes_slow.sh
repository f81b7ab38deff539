# Answers turn 2 after 1.2 s (a time-out) in the games whose lord 0 has an odd strength, and
# in time in the others.
. "$(dirname "$0")/lib.sh"
echo READY
read -r settings && read -r strengths || exit 0
SETTINGS_READ=1
while read_turn; do
    [ "$TURN" = 2 ] && [ $(( ${strengths%% *} % 2 )) = 1 ] && sleep 1.2
    answer
done
