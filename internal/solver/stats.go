// The statistics decorator: counts checks and their answers, and the time spent in them.

package solver

import (
	"time"

	"leapfrog/internal/expr"
)

// Stats accumulates the cost of the checks made through WithStats. It is updated by
// the goroutine using the solver; aggregate per-worker Stats with Add.
type Stats struct {
	Checks  int           // calls to Check
	Sat     int           // answered Sat
	Unsat   int           // answered Unsat
	Unknown int           // answered Unknown
	Time    time.Duration // total time spent in Check
}

// Add adds o to s.
func (s *Stats) Add(o Stats) {
	s.Checks += o.Checks
	s.Sat += o.Sat
	s.Unsat += o.Unsat
	s.Unknown += o.Unknown
	s.Time += o.Time
}

// WithStats returns s counting every Check into st.
func WithStats(s Solver, st *Stats) Solver {
	return &statsSolver{Solver: s, st: st}
}

type statsSolver struct {
	Solver
	st *Stats
}

func (s *statsSolver) Check(assumptions []*expr.Term) Result {
	start := time.Now()
	r := s.Solver.Check(assumptions)
	s.st.Time += time.Since(start)
	s.st.Checks++
	switch r {
	case Sat:
		s.st.Sat++
	case Unsat:
		s.st.Unsat++
	default:
		s.st.Unknown++
	}
	return r
}
