// ponsbench.cpp: the timing driver BenchmarkSolveReference runs as
// MEEPLE_PONS. It is not Pons's code: it uses his Solver class. Build it
// outside the repository, next to a checkout of
// github.com/PascalPons/connect4 (d6ba50d), with no 7x6.book present:
//
//	git clone https://github.com/PascalPons/connect4 /tmp/c4 && cp ponsbench.cpp /tmp/c4/
//	cd /tmp/c4 && g++ --std=c++11 -O3 -DNDEBUG -o ponsbench ponsbench.cpp Solver.cpp
//
// It reads "CLASS MOVES SCORE" lines and writes, for each, "CLASS MOVES
// SCORE NODES MICROSECONDS" with the score it computed on a fresh table.
#include "Solver.hpp"
#include <iostream>
#include <sstream>
#include <chrono>
using namespace GameSolver::Connect4;
int main() {
  Solver solver;
  std::string line;
  while (std::getline(std::cin, line)) {
    if (line.empty() || line[0] == '#') continue;
    std::istringstream in(line);
    std::string cls, moves; int want;
    in >> cls >> moves >> want;
    Position P;
    if (P.play(moves) != moves.size()) { std::cerr << "bad " << line << "\n"; continue; }
    solver.reset();
    auto t0 = std::chrono::steady_clock::now();
    int s = solver.solve(P, false);
    auto t1 = std::chrono::steady_clock::now();
    std::cout << cls << " " << moves << " " << s << " " << solver.getNodeCount() << " "
              << std::chrono::duration_cast<std::chrono::microseconds>(t1 - t0).count() << (s == want ? "" : " MISMATCH") << "\n";
  }
}
