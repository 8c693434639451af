// Loop directives in a target's doc comment: //leapfrog:kbound and //leapfrog:models (//leapfrog:assume: assume.go).

package lower

import (
	"fmt"
	"go/ast"
	"go/token"
	"strconv"
	"strings"

	"leapfrog/internal/ir"
)

// LoopBound is one "N:K" (or "Callee.N:K") of a //leapfrog:kbound directive.
type LoopBound struct {
	Func string // "" for the target itself, else the callee's name ("F", "T.M", "(*T).M")
	Loop int    // the loop's number in that function (headers in source order, from 1)
	K    int
}

// LoopModels is one concretization string of a //leapfrog:models directive:
// "N.[v1,...,vj] -> [m1,...,mj],..." (brackets optional for one variable).
type LoopModels struct {
	Func   string // "" for the target itself, else the callee's name
	Loop   int
	Vars   []string
	Tuples [][]int64 // one per model, len(Vars) values each
	Text   string
}

// directives parses the loop directives in the doc comment of decl.
//
//	//leapfrog:kbound 1:12 2:3 Count4Bits.1:5
//	//leapfrog:models "1.i -> 0,9,10" "2.[i,j] -> [0,1],[2,3]"
func (l *loader) directives(decl *ast.FuncDecl) ([]LoopBound, []LoopModels, error) {
	if decl == nil || decl.Doc == nil {
		return nil, nil, nil
	}
	var bounds []LoopBound
	var models []LoopModels
	for _, c := range decl.Doc.List {
		text := strings.TrimPrefix(c.Text, "//")
		bad := func(format string, args ...any) error {
			return fmt.Errorf("%s: bad directive: %s", l.posString(c.Pos()), fmt.Sprintf(format, args...))
		}
		switch {
		case strings.HasPrefix(text, "leapfrog:kbound"):
			for _, f := range strings.Fields(strings.TrimPrefix(text, "leapfrog:kbound")) {
				lb, err := parseLoopBound(f)
				if err != nil {
					return nil, nil, bad("%v", err)
				}
				bounds = append(bounds, lb)
			}
		case strings.HasPrefix(text, "leapfrog:models"):
			rest := strings.TrimSpace(strings.TrimPrefix(text, "leapfrog:models"))
			for rest != "" {
				q, err := strconv.QuotedPrefix(rest)
				if err != nil {
					return nil, nil, bad("models must be quoted strings: %s", rest)
				}
				s, _ := strconv.Unquote(q)
				lm, err := ParseModels(s)
				if err != nil {
					return nil, nil, bad("%v", err)
				}
				models = append(models, lm)
				rest = strings.TrimSpace(rest[len(q):])
			}
		case strings.HasPrefix(text, assumeDirective):
			// compiled with the package (assume.go)
		case strings.HasPrefix(text, "leapfrog:"):
			return nil, nil, bad("unknown directive %q (have leapfrog:kbound, leapfrog:models, leapfrog:assume)", strings.Fields(text)[0])
		}
	}
	return bounds, models, nil
}

// splitLoop splits "N" or "Callee.N" into the function and the loop number.
func splitLoop(s string) (string, int, error) {
	fn, num := "", s
	if i := strings.LastIndexByte(s, '.'); i >= 0 {
		fn, num = s[:i], s[i+1:]
	}
	n, err := strconv.Atoi(num)
	if err != nil || n < 1 {
		return "", 0, fmt.Errorf("loop %q: want N or Func.N with N ≥ 1", s)
	}
	return fn, n, nil
}

func parseLoopBound(f string) (LoopBound, error) {
	loop, k, ok := strings.Cut(f, ":")
	if !ok {
		return LoopBound{}, fmt.Errorf("kbound %q: want N:K", f)
	}
	fn, n, err := splitLoop(loop)
	if err != nil {
		return LoopBound{}, err
	}
	kv, err := strconv.Atoi(k)
	if err != nil || kv < 1 {
		return LoopBound{}, fmt.Errorf("kbound %q: K must be an integer ≥ 1", f)
	}
	return LoopBound{Func: fn, Loop: n, K: kv}, nil
}

// ParseModels parses one concretization string: "1.i -> 0,9,10" or
// "1.[i,j] -> [0,1],[2,3]".
func ParseModels(s string) (LoopModels, error) {
	lm := LoopModels{Text: s}
	lhs, rhs, ok := strings.Cut(s, "->")
	if !ok {
		return lm, fmt.Errorf("models %q: want N.var -> m1,m2 or N.[v1,v2] -> [m1,m2],...", s)
	}
	lhs, rhs = strings.TrimSpace(lhs), strings.TrimSpace(rhs)
	dot := strings.Index(lhs, ".[")
	if dot < 0 {
		dot = strings.LastIndexByte(lhs, '.')
	}
	if dot < 0 {
		return lm, fmt.Errorf("models %q: no loop number before the variables", s)
	}
	var err error
	lm.Func, lm.Loop, err = splitLoop(lhs[:dot])
	if err != nil {
		return lm, err
	}
	vars := lhs[dot+1:]
	bracket := strings.HasPrefix(vars, "[")
	if bracket {
		if !strings.HasSuffix(vars, "]") {
			return lm, fmt.Errorf("models %q: unbalanced brackets", s)
		}
		vars = vars[1 : len(vars)-1]
	}
	for _, v := range strings.Split(vars, ",") {
		v = strings.TrimSpace(v)
		if !token.IsIdentifier(v) {
			return lm, fmt.Errorf("models %q: %q is not a variable name", s, v)
		}
		lm.Vars = append(lm.Vars, v)
	}
	var tuples []string
	if bracket || strings.HasPrefix(rhs, "[") {
		for rhs != "" {
			rhs = strings.TrimSpace(strings.TrimPrefix(strings.TrimSpace(rhs), ","))
			if !strings.HasPrefix(rhs, "[") {
				return lm, fmt.Errorf("models %q: want [m1,...],[...]", s)
			}
			end := strings.IndexByte(rhs, ']')
			if end < 0 {
				return lm, fmt.Errorf("models %q: unbalanced brackets", s)
			}
			tuples = append(tuples, rhs[1:end])
			rhs = strings.TrimSpace(rhs[end+1:])
		}
	} else {
		if len(lm.Vars) != 1 {
			return lm, fmt.Errorf("models %q: several variables need bracketed models", s)
		}
		tuples = strings.Split(rhs, ",")
	}
	for _, t := range tuples {
		var tuple []int64
		for _, x := range strings.Split(t, ",") {
			x = strings.TrimSpace(x)
			var n int64
			switch x {
			case "true":
				n = 1
			case "false":
				n = 0
			default:
				n, err = strconv.ParseInt(x, 0, 64)
				if err != nil {
					u, uerr := strconv.ParseUint(x, 0, 64)
					if uerr != nil {
						return lm, fmt.Errorf("models %q: %q is not an integer", s, x)
					}
					n = int64(u)
				}
			}
			tuple = append(tuple, n)
		}
		if len(tuple) != len(lm.Vars) {
			return lm, fmt.Errorf("models %q: model [%s] has %d values for %d variables", s, t, len(tuple), len(lm.Vars))
		}
		lm.Tuples = append(lm.Tuples, tuple)
	}
	if len(lm.Tuples) == 0 {
		return lm, fmt.Errorf("models %q: no model", s)
	}
	return lm, nil
}

// funcDecl finds the declaration of a package-level function or method.
func (l *loader) funcDecl(pos token.Pos) *ast.FuncDecl {
	for _, f := range l.pkg.Syntax {
		if f.Pos() > pos || pos > f.End() {
			continue
		}
		for _, d := range f.Decls {
			if fd, ok := d.(*ast.FuncDecl); ok && fd.Name.Pos() == pos {
				return fd
			}
		}
	}
	return nil
}

// recordPhi remembers the Go variable a phi stands for (ssa's comment on lifted phis).
func (l *loader) recordPhi(p *ir.Phi, comment string) {
	if comment == "" || !token.IsIdentifier(comment) {
		return
	}
	if l.phiNames == nil {
		l.phiNames = map[*ir.Phi]string{}
	}
	l.phiNames[p] = comment
}
