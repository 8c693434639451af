// writable.go: the inputs a test cannot write (another package's unexported fields the code reads), rejected before analysis.

package lower

import (
	"go/token"
	"go/types"

	"golang.org/x/tools/go/ssa"
)

// checkWritableInputs rejects the target fn, once its closure is lowered,
// if an input (receiver or parameter) holds state the emitted test cannot
// write and the code reads.
//
// The emitted test writes every input as a literal. A literal can set the
// fields of the package's own types and the exported fields of other
// packages' types, nothing else: an input whose type reaches, through
// pointers, slices, arrays, map keys and elements and struct fields, an
// unexported field of another package's struct (bufio.Reader's buf,
// strings.Builder's addr) holds state no literal gives. If the lowered code
// reads that field, the search chooses values for it, and the test
// generator could not write the cases it finds; so the function is
// rejected here, before any analysis, naming the field in the way. A field
// no lowered function reads (nor compares whole) keeps its zero value in
// every case, which the literal writes by leaving it out: a getter of a
// struct holding a time.Time or a sync.Mutex is not rejected for it.
// Interfaces stop the walk: their dynamic types are bounded to those a test
// can construct (dyntypes.go). A type a constructor can build (constructs)
// is writable whatever its fields.
func (l *loader) checkWritableInputs(fn *ssa.Function) error {
	read := l.fieldsRead()
	for i, p := range fn.Params {
		what := "parameter " + p.Name()
		if i == 0 && fn.Signature.Recv() != nil {
			what = "receiver " + p.Name()
		}
		path, fld, owner := l.unsettableField(p.Type(), p.Name(), read, map[types.Type]bool{})
		if fld != nil {
			return l.unsupported(p.Pos(), "%s of type %s: a test cannot set %s (field %s of %s is not exported), which the code reads",
				what, typeString(p.Type(), l.pkg.Types), path, fld.Name(), typeString(owner, l.pkg.Types))
		}
	}
	return nil
}

// fieldsRead are the struct fields the functions lowered for the target
// read (Field, FieldAddr), or compare as part of a whole value (== and !=
// on structs and arrays).
func (l *loader) fieldsRead() map[*types.Var]bool {
	read := map[*types.Var]bool{}
	var whole func(t types.Type, seen map[types.Type]bool)
	whole = func(t types.Type, seen map[types.Type]bool) {
		if seen[t] {
			return
		}
		seen[t] = true
		switch u := t.Underlying().(type) {
		case *types.Array:
			whole(u.Elem(), seen)
		case *types.Struct:
			for i := 0; i < u.NumFields(); i++ {
				read[u.Field(i)] = true
				whole(u.Field(i).Type(), seen)
			}
		}
	}
	for fn := range l.done {
		for _, b := range l.body(fn).Blocks {
			for _, ins := range b.Instrs {
				switch ins := ins.(type) {
				case *ssa.Field:
					read[ins.X.Type().Underlying().(*types.Struct).Field(ins.Field)] = true
				case *ssa.FieldAddr:
					st := ins.X.Type().Underlying().(*types.Pointer).Elem().Underlying().(*types.Struct)
					read[st.Field(ins.Field)] = true
				case *ssa.BinOp:
					if ins.Op == token.EQL || ins.Op == token.NEQ {
						whole(ins.X.Type(), map[types.Type]bool{})
					}
				}
			}
		}
	}
	return read
}

// unsettableField finds, in values of type t reached by path, an unexported
// field of another package's struct type owner that the code reads, or
// returns a nil field.
func (l *loader) unsettableField(t types.Type, path string, read map[*types.Var]bool, seen map[types.Type]bool) (string, *types.Var, types.Type) {
	if seen[t] {
		return "", nil, nil
	}
	seen[t] = true
	if n, ok := types.Unalias(t).(*types.Named); ok && constructs(n) {
		return "", nil, nil
	}
	switch u := t.Underlying().(type) {
	case *types.Pointer:
		return l.unsettableField(u.Elem(), path, read, seen)
	case *types.Slice:
		return l.unsettableField(u.Elem(), path+"[i]", read, seen)
	case *types.Array:
		return l.unsettableField(u.Elem(), path+"[i]", read, seen)
	case *types.Map:
		if p, f, o := l.unsettableField(u.Key(), path+"'s key", read, seen); f != nil {
			return p, f, o
		}
		return l.unsettableField(u.Elem(), path+"[k]", read, seen)
	case *types.Struct:
		for i := 0; i < u.NumFields(); i++ {
			f := u.Field(i)
			if !f.Exported() && f.Pkg() != l.pkg.Types && read[f] {
				return path + "." + f.Name(), f, t
			}
			if p, f, o := l.unsettableField(f.Type(), path+"."+f.Name(), read, seen); f != nil {
				return p, f, o
			}
		}
	}
	return "", nil, nil
}

// constructs says whether the emitted test builds inputs of the named type
// n (of another package, with unexported fields) with a constructor rather
// than a literal, the engine bounding them to the states that constructor
// can give. None does yet. This is where they go: a *bufio.Reader as
// bufio.NewReader(strings.NewReader(s)) over a symbolic s, a
// *strings.Reader, a *bytes.Buffer (issue 24 item 5's stubs of the io
// interfaces), and the types whose inputs the engine bounds to their zero
// value; each needs the engine to bound the input and the test generator
// to write the call.
func constructs(n *types.Named) bool {
	return false
}
