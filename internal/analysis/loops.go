// Loop directives: the target's per-loop bounds and models set on the engine, the search's loop options.

package analysis

import (
	"fmt"

	"leapfrog/internal/cfg"
	"leapfrog/internal/engine"
	"leapfrog/internal/ir"
	"leapfrog/internal/search"
)

// setupLoops configures the engine from the target's directives
// (//leapfrog:kbound, //leapfrog:models) and returns the search's loop
// options.
func setupLoops(eng *engine.Engine, t Target, c Config) (search.LoopOptions, error) {
	opt := search.LoopOptions{Auto: c.LoopModels, RaiseMax: c.LoopRaise, Fixed: map[engine.LoopID]bool{}}
	eng.LoopCfg.Bounds = map[engine.LoopID]int{}
	eng.LoopCfg.Models = map[engine.LoopID]*engine.ModelSet{}
	eng.LoopCfg.PhiNames = t.PhiNames
	fn := t.Func
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
