// The solver chain: a backend wrapped in the decorators a configuration asks for, built in one place.

package solver

// ChainOptions choose the decorators of a chain.
type ChainOptions struct {
	// Validate re-checks every answer (Validating): models by evaluation,
	// unsat cores with a second backend. The second opinion is one spare
	// backend, reset after each use when it has a Reset method (a new Z3
	// context per core cost more than the check), else a new one per core.
	Validate bool
	// Invalid is told every wrong answer when Validate is set. Chains made
	// for the workers of one search may call it concurrently.
	Invalid func(error)
}

// NewChain returns a solver made by core, wrapped as opt says (KLEE's
// ConstructSolverChain). Every solver of an analysis comes from here: the
// search's, each parallel worker's, the tests'.
func NewChain(core func() Solver, opt ChainOptions) Solver {
	s := core()
	if !opt.Validate {
		return s
	}
	c := &validated{}
	fresh := core
	if _, ok := s.(resetter); ok {
		fresh = func() Solver {
			if c.spare == nil {
				c.spare = core()
			}
			return resetOnClose{c.spare}
		}
	}
	c.Solver = Validating(s, fresh, opt.Invalid)
	return c
}

// validated is a validating solver that closes its spare backend with itself.
type validated struct {
	Solver
	spare Solver
}

func (v *validated) Close() {
	v.Solver.Close()
	if v.spare != nil {
		v.spare.Close()
	}
}

// resetter is a backend that can return to its initial state.
type resetter interface{ Reset() }

// resetOnClose lends a solver for one use: closing it resets it.
type resetOnClose struct{ Solver }

func (r resetOnClose) Close() { r.Solver.(resetter).Reset() }
