# Answers turn 1 with a lord too many (malformed: the manager applies the first five) in every
# game, and turn 2 after 1.2 s (a time-out) in the games whose lord 0 has an odd strength.
. "$(dirname "$0")/lib.sh"
echo READY
read -r settings && read -r strengths || exit 0
SETTINGS_READ=1
while read_turn; do
    [ "$TURN" = 2 ] && [ $(( ${strengths%% *} % 2 )) = 1 ] && sleep 1.2
    if [ "$TURN" = 1 ]; then echo "1 2 3 4 5 0"; else answer; fi
done
