// fmt.Errorf: the message formatted by the native fmt.Sprintf, the error built by the replacement package.

package lower

import (
	"fmt"
	"go/constant"
	"go/token"
	"go/types"
	"strings"
	"unicode/utf8"

	"golang.org/x/tools/go/ssa"

	"leapfrog/internal/ir"
)

// errorType is the predeclared error.
var errorType = types.Universe.Lookup("error").Type()

// errorfCall is a call of fmt.Errorf as the front end lowers it.
type errorfCall struct {
	boxed *boxedCall
	// format is the format given to fmt.Sprintf: an error argument's verb
	// is %s, its text made by replacements.errorfText.
	format string
	// verbs holds the verb of each error argument (v, s or w).
	verbs []byte
	// wrapped lists the arguments of the %w verbs, in order.
	wrapped []int
	// plain: no argument and no '%': the message is the format itself.
	plain bool
}

// isErrorf reports whether c is a static call of fmt.Errorf.
func isErrorf(c *ssa.CallCommon) bool {
	f := c.StaticCallee()
	return f != nil && f.String() == "fmt.Errorf"
}

// precheckErrorf analyses a call of fmt.Errorf: its format must be a
// constant, its arguments values of predeclared basic types or of type
// error, an error argument's verb %v, %s or %w, at most two %w, and as
// many verbs as arguments (no argument indexes, no * widths).
func (fl *fnLowerer) precheckErrorf(v *ssa.Call) error {
	pos := fl.l.callStart(v.Pos())
	fn := v.Call.StaticCallee()
	c, ok := v.Call.Args[0].(*ssa.Const)
	if !ok || c.Value == nil || c.Value.Kind() != constant.String {
		return fl.l.unsupported(pos, "call to fmt.Errorf with a format that is not a constant")
	}
	bc, err := fl.boxedArgs(v, fn, true)
	if err != nil {
		return err
	}
	ec, err := parseErrorf(constant.StringVal(c.Value), bc.types)
	if err != nil {
		return fl.l.unsupported(pos, "call to fmt.Errorf: %v", err)
	}
	ec.boxed = bc
	if fl.errorfs == nil {
		fl.errorfs = map[*ssa.Call]*errorfCall{}
	}
	fl.errorfs[v] = ec
	return nil
}

// parseErrorf reads the format of a call of fmt.Errorf whose arguments
// have the given types (boxName's, or "error").
func parseErrorf(format string, argTypes []string) (*errorfCall, error) {
	ec := &errorfCall{verbs: make([]byte, len(argTypes))}
	if len(argTypes) == 0 && !strings.Contains(format, "%") {
		ec.plain, ec.format = true, format
		return ec, nil
	}
	var out strings.Builder
	arg := 0
	for i := 0; i < len(format); {
		if format[i] != '%' {
			out.WriteByte(format[i])
			i++
			continue
		}
		start := i
		i++
		for i < len(format) && strings.IndexByte("+-# 0", format[i]) >= 0 {
			i++
		}
		for i < len(format) && '0' <= format[i] && format[i] <= '9' {
			i++
		}
		if i < len(format) && format[i] == '.' {
			i++
			for i < len(format) && '0' <= format[i] && format[i] <= '9' {
				i++
			}
		}
		if i >= len(format) {
			return nil, fmt.Errorf("the format %q ends inside a verb", format)
		}
		if format[i] == '*' || format[i] == '[' {
			return nil, fmt.Errorf("the format %q has a width, precision or argument index given by an argument", format)
		}
		verb, size := utf8.DecodeRuneInString(format[i:])
		i += size
		spec := format[start:i]
		if verb == '%' {
			out.WriteString(spec)
			continue
		}
		if arg >= len(argTypes) {
			return nil, fmt.Errorf("the format %q has more verbs than arguments", format)
		}
		if argTypes[arg] == "error" {
			if spec != "%v" && spec != "%s" && spec != "%w" {
				return nil, fmt.Errorf("verb %s on an error (only %%v, %%s and %%w, without flags, are modelled)", spec)
			}
			ec.verbs[arg] = byte(verb)
			out.WriteString("%s")
		} else {
			out.WriteString(spec)
		}
		if verb == 'w' {
			ec.wrapped = append(ec.wrapped, arg)
		}
		arg++
	}
	if arg != len(argTypes) {
		return nil, fmt.Errorf("the format %q has fewer verbs than arguments", format)
	}
	if len(ec.wrapped) > 2 {
		return nil, fmt.Errorf("%d %%w verbs (at most 2 are modelled)", len(ec.wrapped))
	}
	ec.format = out.String()
	return ec, nil
}

// lowerErrorf lowers a call of fmt.Errorf (precheckErrorf): the text of
// each error argument (replacements.errorfText), the message by the
// native fmt.Sprintf, and the error by replacements.errorf0, errorf1 or
// errorf2.
func (fl *fnLowerer) lowerErrorf(v *ssa.Call) error {
	ec := fl.errorfs[v]
	if ec == nil {
		return fmt.Errorf("internal error: %s: fmt.Errorf not prechecked", fl.l.posString(v.Pos()))
	}
	pos := fl.l.callStart(v.Pos())
	args, err := fl.operands(pos, ec.boxed.vals...)
	if err != nil {
		return err
	}
	format, err := fl.constOf(constant.MakeString(ec.format), types.Typ[types.String], pos)
	if err != nil {
		return err
	}
	msg := format
	if !ec.plain {
		vals := append([]ir.Value(nil), args...)
		boxed := &boxedCall{types: append([]string(nil), ec.boxed.types...)}
		for i, t := range boxed.types {
			if t != "error" {
				continue
			}
			verb, err := fl.constOf(constant.MakeInt64(int64(ec.verbs[i])), types.Typ[types.Byte], pos)
			if err != nil {
				return err
			}
			if vals[i], err = fl.callReplacement(v, "errorfText", args[i], verb); err != nil {
				return err
			}
			boxed.types[i] = "string"
		}
		sprintf := fl.l.ssa.ImportedPackage("fmt").Func("Sprintf")
		f, err := fl.l.boxingExternal(sprintf, boxed, vals)
		if err != nil {
			return err
		}
		msg = fl.emit(&ir.Call{Callee: f, Args: append([]ir.Value{format}, vals...)}, ir.String).(ir.Value)
	}
	build := []ir.Value{msg}
	for _, k := range ec.wrapped {
		if ec.boxed.types[k] == "error" {
			build = append(build, args[k])
			continue
		}
		none, err := fl.constOf(nil, errorType, pos) // %w of another value: no error wrapped
		if err != nil {
			return err
		}
		build = append(build, none)
	}
	fl.vals[v], err = fl.callReplacement(v, fmt.Sprintf("errorf%d", len(ec.wrapped)), build...)
	return err
}

// constOf is the IR constant of the Go constant c of type t.
func (fl *fnLowerer) constOf(c constant.Value, t types.Type, pos token.Pos) (ir.Value, error) {
	return fl.value(ssa.NewConst(c, t), pos)
}

// callReplacement emits a call of the replacement package's function name,
// for the call v.
func (fl *fnLowerer) callReplacement(v *ssa.Call, name string, args ...ir.Value) (ir.Value, error) {
	f, err := fl.get(fl.l.replacementFunc(name), callSite{fl.sfn, v.Pos()})
	if err != nil {
		return nil, err
	}
	return fl.emit(&ir.Call{Callee: f, Args: args}, ir.ResultType(f)).(ir.Value), nil
}
