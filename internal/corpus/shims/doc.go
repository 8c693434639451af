// Package shims holds the stand-ins the corpus puts in place of the
// standard library's runtime-bound internal packages when it copies a
// standard-library package into a module of its own (internal/corpus,
// stdcopy.go). The copies import these instead of internal/bytealg,
// internal/abi, internal/godebug and internal/reflectlite, which are
// assembly, compiler intrinsics or bound to the runtime by go:linkname and
// cannot be built outside GOROOT.
//
// # Delegation, not reimplementation
//
// Each stand-in delegates to the public standard library wherever it can:
// bytealg.IndexByteString is strings.IndexByte, reflectlite.Swapper is
// reflect.Swapper. A copied package so reaches, through one more call, the
// same code the real one reaches, and leapfrog meets there the same
// replacement bodies it uses on the real standard library. Only what the
// listed packages and their tests use is provided; a package that needs more
// fails to build, and its corpus row says so.
//
// The stand-ins are compiled and vetted with the rest of the module (they are
// ordinary packages), and embedded into the corpus tool, which writes them
// under the copy's module with their package clause unchanged.
package shims
