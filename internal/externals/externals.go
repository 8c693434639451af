// The table of natives: Go functions run on concrete values, and the boxed types of the fmt family.

package externals

import (
	"fmt"
	"reflect"
	"strings"
)

// Native is a Go function the engine calls on concrete values.
type Native struct {
	Fn reflect.Value // the function (its type gives the parameters and results)
	// Boxes: the last parameter is ...any, passed as one argument per boxed
	// value (their Go types in the external's name after '#').
	Boxes bool
}

var natives = map[string]Native{
	"fmt.Sprintf":  {Fn: reflect.ValueOf(fmt.Sprintf), Boxes: true},
	"fmt.Sprint":   {Fn: reflect.ValueOf(fmt.Sprint), Boxes: true},
	"fmt.Sprintln": {Fn: reflect.ValueOf(fmt.Sprintln), Boxes: true},
}

// Lookup returns the native of an external's name (the part before '#').
func Lookup(name string) (Native, bool) {
	key, _ := Split(name)
	n, ok := natives[key]
	return n, ok
}

// Has reports whether the Go function named key (go/ssa's Function.String)
// is a native.
func Has(key string) bool {
	_, ok := natives[key]
	return ok
}

// Names lists the natives' keys (tests).
func Names() []string {
	var out []string
	for k := range natives {
		out = append(out, k)
	}
	return out
}

// Split splits an external's name into the native's key and the Go types
// of its boxed arguments.
func Split(name string) (key string, boxed []string) {
	key, types, ok := strings.Cut(name, "#")
	if !ok || types == "" {
		return key, nil
	}
	return key, strings.Split(types, ",")
}

// Join is the name of a call of the native key boxing values of the given
// Go types.
func Join(key string, boxed []string) string {
	return key + "#" + strings.Join(boxed, ",")
}

// boxTypes are the Go types a boxed argument may have, by name.
var boxTypes = map[string]reflect.Type{
	"bool":    reflect.TypeFor[bool](),
	"string":  reflect.TypeFor[string](),
	"int":     reflect.TypeFor[int](),
	"int8":    reflect.TypeFor[int8](),
	"int16":   reflect.TypeFor[int16](),
	"int32":   reflect.TypeFor[int32](),
	"int64":   reflect.TypeFor[int64](),
	"uint":    reflect.TypeFor[uint](),
	"uint8":   reflect.TypeFor[uint8](),
	"uint16":  reflect.TypeFor[uint16](),
	"uint32":  reflect.TypeFor[uint32](),
	"uint64":  reflect.TypeFor[uint64](),
	"uintptr": reflect.TypeFor[uintptr](),
}

// BoxType returns the Go type of a boxed argument by name (a predeclared
// basic type: byte and rune are uint8 and int32), or nil.
func BoxType(name string) reflect.Type { return boxTypes[name] }
