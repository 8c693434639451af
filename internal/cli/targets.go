// Targets: which functions of the packages are analysed (names, -run, -shard), lowered by the Go front end; which are rejected and why.

package cli

import (
	"fmt"
	"go/types"
	"hash/fnv"
	"path/filepath"
	"regexp"
	"strings"

	"leapfrog/internal/ir"
	"leapfrog/internal/lower"
	"leapfrog/internal/report"
)

// target is one function to analyse.
type target struct {
	pkg  *pkgInfo
	decl funcDecl
	// t is the lowered function. A target of a stream (gen, stream.go)
	// holds its program (Prog, Func, Assume, PhiNames, directives) only
	// while it is analysed: src lowers it again then.
	t *lower.Target
	// types is the package's types, for the emitter (nil for a CFG
	// model). Not the package's lower.Result: that holds the programs of
	// every function of the package, selected or not.
	types *types.Package
	// irName is the IR name of the function, callees those of the
	// functions of its package it may call (analysis.PackageCallees): the
	// plan's edges, known without the program.
	irName  string
	callees []string
	// src is the package, open while its functions are analysed, that
	// lowers a stream's target again (nil: t holds the program).
	src *lower.Package
}

// selection is what a command line selects.
type selection struct {
	pkgs     []*pkgInfo
	targets  []*target // in package, file and line order
	rejected []*report.Rejected
	failed   []*report.Failed // the front end's internal errors, one function each (stream.go)
	// units are, for a stream (gen), the packages with something
	// selected, lowered one at a time as they are analysed: targets and
	// rejected grow as they are.
	units []*unit
}

// shardSpec is -shard K/N (N == 0: no sharding).
type shardSpec struct{ k, n int }

func (s shardSpec) String() string {
	if s.n == 0 {
		return ""
	}
	return fmt.Sprintf("%d/%d", s.k, s.n)
}

// has reports whether the function belongs to this shard: a hash of the
// package path and the function's name, so the share of a function does not
// depend on which other functions exist or on the machine.
func (s shardSpec) has(pkg, name string) bool {
	if s.n == 0 {
		return true
	}
	h := fnv.New64a()
	h.Write([]byte(pkg))
	h.Write([]byte{0})
	h.Write([]byte(name))
	return h.Sum64()%uint64(s.n) == uint64(s.k-1)
}

// selectTargets picks the functions of pkgs: the named ones (one package),
// else every function with a body, filtered by -run; then this shard's share.
// Unknown names are a usage error. Every package with something selected is
// lowered (all its functions in order, so that the IR names the loader
// gives do not depend on the selection); a function the front end cannot
// handle becomes a rejection. With stream, packages are not lowered here
// but one at a time as gen analyses them (sel.units, stream.go), but for
// named functions: their package is lowered now, to reject them before
// anything is analysed.
func selectTargets(pkgs []*pkgInfo, names []string, run *regexp.Regexp, shard shardSpec, par int, stream bool) (*selection, error) {
	sel := &selection{pkgs: pkgs}
	want := make([]map[string]bool, len(pkgs))
	if len(names) > 0 {
		p := pkgs[0]
		want[0] = map[string]bool{}
		var bad []string
		for _, n := range names {
			base, _, generic := lower.SplitInstance(n)
			if !generic {
				base = n
			}
			d, ok := findDecl(p, base)
			if !ok {
				bad = append(bad, fmt.Sprintf("%s: no function %s in package %s%s", n, base, p.path, suggest(p, base)))
				continue
			}
			if generic {
				// An instance is a function of its own, declared where its
				// generic function is.
				d.name = n
				if _, dup := findDecl(p, n); !dup {
					p.funcs = append(p.funcs, d)
				}
			}
			want[0][d.name] = true
		}
		if len(bad) > 0 {
			return nil, &usageError{strings.Join(bad, "\n")}
		}
	}
	for i, p := range pkgs {
		if want[i] == nil {
			want[i] = map[string]bool{}
			for _, d := range p.funcs {
				if run == nil || run.MatchString(d.name) || run.MatchString(plainName(d.name)) {
					want[i][d.name] = true
				}
			}
		}
		for name := range want[i] {
			if !shard.has(p.path, name) {
				delete(want[i], name)
			}
		}
	}
	if stream {
		for i, p := range pkgs {
			if len(want[i]) > 0 {
				sel.units = append(sel.units, &unit{p: p, want: want[i]})
			}
		}
		if len(names) > 0 && len(sel.units) > 0 {
			if err := sel.units[0].lower(sel); err != nil {
				return nil, err
			}
		}
		return sel, nil
	}
	units := make([]*unit, len(pkgs))
	errs := make([]error, len(pkgs))
	parallel(len(pkgs), par, func(i int) {
		if len(want[i]) > 0 {
			units[i] = &unit{p: pkgs[i], want: want[i], keep: true}
			errs[i] = units[i].lowerAll()
			if f := units[i].failed; errs[i] == nil && len(f) > 0 {
				// bench and cover read every program at once: the
				// front end's internal error stops them.
				errs[i] = fmt.Errorf("%s: %s", f[0].Function, f[0].Reason)
			}
		}
	})
	for i := range pkgs {
		if errs[i] != nil {
			return nil, errs[i]
		}
		if u := units[i]; u != nil {
			sel.targets = append(sel.targets, u.targets...)
			sel.rejected = append(sel.rejected, u.rejected...)
		}
	}
	return sel, nil
}

// findDecl finds a named function; "T.M" and "(*T).M" name the same method.
func findDecl(p *pkgInfo, name string) (funcDecl, bool) {
	for _, d := range p.funcs {
		if d.name == name || plainName(d.name) == plainName(name) {
			return d, true
		}
	}
	return funcDecl{}, false
}

// plainName writes "(*T).M" as "T.M".
func plainName(name string) string {
	if t, m, ok := strings.Cut(strings.TrimPrefix(name, "(*"), ")."); ok && strings.HasPrefix(name, "(*") {
		return t + "." + m
	}
	return name
}

// suggest proposes the declared name closest to a misspelt one.
func suggest(p *pkgInfo, name string) string {
	best, dist := "", 3
	for _, d := range p.funcs {
		if k := editDistance(strings.ToLower(plainName(d.name)), strings.ToLower(plainName(name))); k < dist {
			best, dist = d.name, k
		}
	}
	if best == "" {
		return ""
	}
	return " (did you mean " + best + "?)"
}

func editDistance(a, b string) int {
	prev := make([]int, len(b)+1)
	for j := range prev {
		prev[j] = j
	}
	for i := 1; i <= len(a); i++ {
		cur := make([]int, len(b)+1)
		cur[0] = i
		for j := 1; j <= len(b); j++ {
			cost := 1
			if a[i-1] == b[j-1] {
				cost = 0
			}
			cur[j] = min(prev[j]+1, cur[j-1]+1, prev[j-1]+cost)
		}
		prev = cur
	}
	return prev[len(b)]
}

// splitPos splits a front-end message "file:line:col: what" (file relative
// to the package directory) into the position relative to the working
// directory and the rest.
func splitPos(dir, msg string) (pos, what string) {
	p, what, ok := ir.CutPos(msg)
	if !ok {
		return relPath(dir), msg
	}
	if !filepath.IsAbs(p.File) {
		p.File = filepath.Join(dir, p.File)
	}
	p.File = relPath(p.File)
	return p.String(), what
}

// relMessage rewrites the place at the start of a front-end message relative
// to the working directory.
func relMessage(dir, msg string) string {
	msg = firstLine(msg)
	if _, _, ok := ir.CutPos(msg); ok {
		pos, what := splitPos(dir, msg)
		return pos + ": " + what
	}
	if i := strings.Index(msg, ": "); i > 0 && filepath.IsAbs(msg[:i]) {
		return relPath(msg[:i]) + msg[i:]
	}
	return msg
}

// selectArgs turns the arguments into a selection: packages (or a CFG
// model) and function names, -run, the shard; with stream, packages are
// lowered as they are analysed (selectTargets). check, when set, sees the
// packages before they are lowered. A named function leapfrog cannot handle
// is an error (exit 3); an empty selection is a usage error, but for a shard.
func selectArgs(args []string, c *commonFlags, shard shardSpec, stream bool, check func(pkgs []*pkgInfo, model bool) error) (sel *selection, named, model bool, err error) {
	pkgArgs, names, err := splitArgs(args)
	if err != nil {
		return nil, false, false, err
	}
	model = isModel(pkgArgs[0])
	if model {
		if len(pkgArgs) > 1 {
			return nil, false, true, usagef("%s: a CFG model is analysed alone, but %d arguments name packages or models", pkgArgs[0], len(pkgArgs))
		}
		if check != nil {
			if err := check(nil, true); err != nil {
				return nil, false, true, err
			}
		}
		sel, err = selectModel(pkgArgs[0], names, c.runRE, shard)
	} else {
		var pkgs []*pkgInfo
		if pkgs, err = resolvePackages(pkgArgs); err != nil {
			return nil, false, false, err
		}
		if check != nil {
			if err := check(pkgs, false); err != nil {
				return nil, false, false, err
			}
		}
		sel, err = selectTargets(pkgs, names, c.runRE, shard, c.par, stream)
	}
	if err != nil {
		return nil, false, model, err
	}
	named = len(names) > 0
	if named && len(sel.rejected) > 0 {
		return nil, named, model, rejection(sel.rejected)
	}
	if len(sel.targets)+len(sel.rejected)+sel.pending() == 0 && shard.n == 0 {
		if c.run != "" {
			return nil, named, model, usagef("-run: %q matches no function of %s", c.run, strings.Join(pkgArgs, " "))
		}
		return nil, named, model, usagef("%s: no function with a body", strings.Join(pkgArgs, " "))
	}
	return sel, named, model, nil
}
