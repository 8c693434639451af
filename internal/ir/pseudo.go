// Pseudo branches: the Ifs standing for the engine's internal decisions, and what each decides.

package ir

// PseudoKind says what an internal decision of the engine decides. The
// engine records a decision as a step on an If of its own, outside the
// program's blocks (in a block of Index -1, with ID -1 and Kind
// InternalBranch; the block's Comment names the decision for reports):
// If.Pseudo is its kind. The program's Ifs are NotPseudo.
type PseudoKind int

const (
	NotPseudo    PseudoKind = iota // an If of the program
	DomainFact                     // a fact of the input domain (a nil slice is empty, map keys are distinct)
	SizeBound                      // a bound on input sizes and depths (MaxLen)
	TypesBound                     // the bound of interface inputs to the dynamic types a test can construct
	AliasBound                     // the bound that pointer inputs do not point into the package state
	ZeroBound                      // the bound of opaque inputs (Type.Opaque) to their zero value
	Precondition                   // the target's precondition (//leapfrog:assume)
	SizeFits                       // an allocation's symbolic size is within MaxLen
	ExactSize                      // an allocation's size beyond MaxLen, made concrete
	AppendFits                     // an append fits in the slice's capacity
	Sentinel                       // an interface input holds a package-level variable's value
	RuneWidth                      // the width of a rune a range over a string decodes
	MapEntry                       // a range over a map visits an entry
	Dispatch                       // the dynamic type a method call or assertion dispatches on
	LoopModels                     // a loop's iterations follow one of its models
	CallsBound                     // the calls of a stub beyond MaxLen return zero values
)
