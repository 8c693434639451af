// Package oracle checks leapfrog's verdicts against brute force; it holds tests and a libz3 proof checker.
//
// Each testdata/*.txtar scenario is a small package p whose functions under
// test (listed in its funcs section) take only int8, uint8 and bool
// parameters, at most 2^17 inputs in all. For every scenario the test
//
//  1. runs "leapfrog gen -json -validate-solver" in process (cli.Main) once
//     per search strategy of the strategies table in oracle_test.go;
//  2. instruments a copy of the package with verify.Instrument, so that every
//     branch outcome the compiled code takes is recorded, and adds a generated
//     enum_test.go with one TestEnum_F per function: nested loops over every
//     input, each call under a recover that classifies the panic ("index out
//     of range", "integer divide by zero", "negative shift amount", or
//     "panic" for anything else) and finds its source line from the stack;
//     the emitted leapfrog tests of each strategy join the same test binary
//     (compiled once per scenario) and must pass, which checks the engine's
//     concrete outputs against the compiler;
//  3. runs the binary once per function (helpers are shared, so records must
//     not mix) with $LEAPFROG_REC set, and keeps for each observed branch
//     outcome and panic the first input producing it, as a witness;
//  4. compares, per strategy and function: a covered outcome must have been
//     observed; an unreachable one must not (a FALSE UNREACHABLE is reported
//     with the witness and the proof's conflict and smt2); no outcome may be
//     unknown (the functions are loop-free or have constant trip counts);
//     every outcome observed in the function or a package function it names
//     must be claimed covered, and every site of the function's own body must
//     have a verdict for both outcomes. Panic objectives are compared by kind
//     and source line: a covered one must be observed, a (kind, line) whose
//     objectives are all unreachable must not be, and an observed one must
//     have a covered objective.
//
// Every strategy must give every objective the same verdict (they differ in
// cost only), and the smt2 of every unreachable verdict must be unsat for Z3,
// run through libz3 by smt.go independently of leapfrog's solver package. A
// self-check breaks each correct report in several ways (a covered outcome
// claimed unreachable, an objective dropped, an unknown...) and expects the
// comparison to object, so that the oracle cannot pass vacuously.
//
// The enumeration does not check that an unreachable verdict's conflict is
// the right proof (the branches every path towards the objective takes); it
// checks the verdict itself.
package oracle
