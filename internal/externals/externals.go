// The names of the intrinsics the engine answers.

package externals

import "sort"

// fmtIntrinsics are the bodiless functions of the fmt replacement package
// (their Go declarations and meaning: its intrinsics.go).
var fmtIntrinsics = []string{
	"kindOf", "typeString", "boolOf", "intOf", "uintOf", "floatOf", "stringOf", "bytesOf",
	"lenOf", "isNilValue", "numField", "fieldInfo", "partIface", "elemIsByte",
	"field", "index", "elem", "mapEntry", "pointer", "typeOrder",
	"concreteUint", "concreteBool", "concreteString", "concreteFloat",
	"formatFloat", "tainted", "runtimeError",
}

// Environment are the functions through which a program reads what a
// test does not give it (their meaning: internal/engine/env.go): the
// clock of package time, which time.Now, time.Since and time.Until read,
// and its local time zone (initLocal; package time is otherwise
// interpreted), the process's environment variables and its command line
// (os.Args, which the replacement package's commandLine gives), and the
// random bits the replacements of math/rand and math/rand/v2 draw.
var Environment = []string{
	"time.runtimeNow", "time.runtimeNano", "time.runtimeIsBubbled", "time.initLocal",
	"os.Getenv", "os.LookupEnv", "os.Environ",
	"leapfrog/replacements.randomBits", "leapfrog/replacements.commandLine",
}

// Native are the functions with no Go body whose result is a pure
// function of their scalar arguments and that no Go body can compute
// bit for bit: math's assembly Exp, Log and Hypot, whose pure-Go
// fallbacks round differently on amd64 (the last bit, the overflow
// threshold, subnormals). The engine runs the real function, in its own
// process, on the arguments' concrete values (internal/engine/native.go):
// the exported function (math.Exp) runs the same assembly as archExp on
// the machine that runs leapfrog, which is the one that runs the emitted
// tests.
var Native = []string{"math.archExp", "math.archLog", "math.archHypot"}

// FmtPath is the import path of the fmt replacement package in the
// program.
const FmtPath = "leapfrog/replacements/fmt"

var names = func() map[string]bool {
	m := map[string]bool{}
	for _, n := range fmtIntrinsics {
		m[FmtPath+"."+n] = true
	}
	for _, n := range Environment {
		m[n] = true
	}
	for _, n := range Native {
		m[n] = true
	}
	return m
}()

// Has reports whether the function named key (go/ssa's Function.String)
// is an intrinsic the engine answers.
func Has(key string) bool { return names[key] }

// Names lists the intrinsics' names, sorted.
func Names() []string {
	var out []string
	for k := range names {
		out = append(out, k)
	}
	sort.Strings(out)
	return out
}
