// Package nocca is meeple's Nocca Nocca player and solver.
//
// Player ("auto" for Nocca Nocca in internal/players) is search.AlphaBeta
// with the Nocca evaluation (NewEval: advancement, covered and mobile
// pieces, threats to reach the goal, and exact tactics for wins and losses
// a move or two away), its move ordering and its filter of forced
// positions.
//
// Solve is an exact solver by retrograde analysis: every position
// reachable from the one given, packed into 64 bits and identified with its
// mirror image and colour-reversed twin, its values spread back from the
// terminal positions. It backs meeple solve for Nocca Nocca. testdata/solve.txt
// lists the solved starting positions, with their sources.
package nocca
