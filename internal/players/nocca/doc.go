// Package nocca is meeple's Nocca Nocca player and solver.
//
// Player ("auto" for Nocca Nocca in internal/players) is search.AlphaBeta
// with the Nocca evaluation (NewEval: advancement, covered and mobile
// pieces, threats to reach the goal, and exact tactics for wins and losses
// a move or two away), its move ordering and its filter of forced
// positions.
//
// Solve is an exact solver by retrograde analysis: every position
// reachable from the one given, numbered densely by the heights of its
// stacks and the colours of its pieces (rank.go) and identified with its
// mirror image and colour-reversed twin, found in passes over two bits an
// index, then its values spread back from the terminal positions in rounds
// over a byte a position reached. It runs on two goroutines, shows its
// progress and saves checkpoints it can resume from (checkpoint.go). It
// backs meeple solve for Nocca Nocca; 5 x 5 is the largest board solved
// here (13.5 GB of tables at the peak; 4 rows x 5 columns takes 1.7 GB),
// and 6 x 5 would take 37 GB to enumerate. testdata/solve.txt lists the
// solved starting positions, with their sources.
package nocca
