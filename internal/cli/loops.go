// Loop flags and directives: per-loop bounds, models, inferred models, raising bounds.

package cli

import (
	"flag"
	"fmt"

	"leapfrog/internal/cfg"
	"leapfrog/internal/engine"
	"leapfrog/internal/ir"
	"leapfrog/internal/lower"
	"leapfrog/internal/search"
)

// loopFlags are the loop options of gen and bench, plus the target whose
// directives apply (set per target).
type loopFlags struct {
	models string // -loop-models: "off" or "auto"
	raise  int    // -loop-raise
	target *lower.Target
}

func addLoopFlags(fs *flag.FlagSet, opts *options) {
	fs.StringVar(&opts.loops.models, "loop-models", "off", "auto: concretize the variables of each loop of the function at loop entry to models inferred from its body executed out of context (refined by the entry context); off: only //leapfrog:models directives")
	fs.IntVar(&opts.loops.raise, "loop-raise", 160, "double the bound of a loop whose bounded paths may reach uncovered branches, up to this many iterations (0: never; //leapfrog:kbound bounds are never raised)")
}

// checkLoopFlags validates the loop flags.
func checkLoopFlags(opts options) error {
	if opts.loops.models != "off" && opts.loops.models != "auto" {
		return fmt.Errorf("-loop-models must be off or auto, got %q", opts.loops.models)
	}
	if opts.loops.raise < 0 {
		return fmt.Errorf("-loop-raise must be at least 0, got %d", opts.loops.raise)
	}
	return nil
}

// setup configures the engine from the target's directives and returns the
// search's loop options.
func (lf loopFlags) setup(eng *engine.Engine, fn *ir.Function) (search.LoopOptions, error) {
	opt := search.LoopOptions{Auto: lf.models == "auto", RaiseMax: lf.raise, Fixed: map[engine.LoopID]bool{}}
	eng.LoopCfg.Bounds = map[engine.LoopID]int{}
	eng.LoopCfg.Models = map[engine.LoopID]*engine.ModelSet{}
	t := lf.target
	if t == nil || t.Func != fn {
		return opt, nil
	}
	eng.LoopCfg.PhiNames = t.PhiNames
	loop := func(fname string, num int) (engine.LoopID, *cfg.Loop, error) {
		f := fn
		if fname != "" {
			f = fn.Prog.Func(fname)
			if f == nil {
				return engine.LoopID{}, nil, fmt.Errorf("%s: directive names %s.%d, but %s is not called by it", t.Name, fname, num, fname)
			}
		}
		loops := cfg.Loops(f)
		if num > len(loops) {
			return engine.LoopID{}, nil, fmt.Errorf("%s: directive names loop %d of %s, which has %d loops", t.Name, num, f.Name, len(loops))
		}
		return engine.LoopID{Fn: f, Num: num}, loops[num-1], nil
	}
	for _, b := range t.KBounds {
		id, _, err := loop(b.Func, b.Loop)
		if err != nil {
			return opt, err
		}
		eng.LoopCfg.Bounds[id] = b.K
		opt.Fixed[id] = true
	}
	for _, lm := range t.Models {
		id, l, err := loop(lm.Func, lm.Loop)
		if err != nil {
			return opt, err
		}
		var vars []ir.Value
		for _, name := range lm.Vars {
			v := eng.LoopVar(l, name)
			if v == nil {
				return opt, fmt.Errorf("%s: models %q: no variable %s at the entry of loop %d (a variable assigned in the loop, or a parameter)", t.Name, lm.Text, name, lm.Loop)
			}
			if k := v.Type().Kind; k != ir.KInt && k != ir.KBool {
				return opt, fmt.Errorf("%s: models %q: %s is not an integer or bool", t.Name, lm.Text, name)
			}
			vars = append(vars, v)
		}
		ms := eng.LoopCfg.Models[id]
		if ms == nil {
			ms = &engine.ModelSet{Source: "directive"}
			eng.LoopCfg.Models[id] = ms
		}
		for _, tuple := range lm.Tuples {
			md := engine.Model{Vars: vars, Names: lm.Vars}
			for _, x := range tuple {
				md.Vals = append(md.Vals, uint64(x))
			}
			ms.Models = append(ms.Models, md)
		}
	}
	return opt, nil
}
