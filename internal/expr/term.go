// Terms: the hash-consed symbolic expressions the engine builds and the solver reads.

package expr

// Op is the operator of a term. Bit-vector operators have SMT-LIB semantics, which
// for equal widths coincide with Go's (wrapping arithmetic, truncated division,
// shifts by counts >= width giving 0 or the sign fill).
type Op uint8

const (
	OpConst   Op = iota // Val holds the bits (bool: 0/1)
	OpVar               // Name names the variable
	OpNot               // bool
	OpAnd               // bool, n-ary
	OpOr                // bool, n-ary
	OpIte               // Args: cond, then, else (bool or bit-vector)
	OpEq                // Args: x, y of one sort (bool or bit-vector) -> bool
	OpNeg               // bvneg
	OpCompl             // bvnot
	OpAdd               // bvadd
	OpSub               // bvsub
	OpMul               // bvmul
	OpSDiv              // bvsdiv
	OpUDiv              // bvudiv
	OpSRem              // bvsrem
	OpURem              // bvurem
	OpBAnd              // bvand
	OpBOr               // bvor
	OpBXor              // bvxor
	OpShl               // bvshl, both operands of the term's width
	OpLShr              // bvlshr
	OpAShr              // bvashr
	OpSlt               // bvslt -> bool
	OpSle               // bvsle -> bool
	OpUlt               // bvult -> bool
	OpUle               // bvule -> bool
	OpZExt              // zero_extend to Width
	OpSExt              // sign_extend to Width
	OpExtract           // the low Width bits of Args[0] (extract Width-1 0)

	// Floating point (float.go): the operands and results of these are
	// bit-vectors of width 32 or 64 holding IEEE 754 binary32/binary64 bits.
	OpFAdd   // fp.add RNE (amd64's NaN results: see ApplyFloat)
	OpFSub   // fp.sub RNE
	OpFMul   // fp.mul RNE
	OpFDiv   // fp.div RNE
	OpFEq    // fp.eq -> bool (NaN unordered, -0 == +0)
	OpFLt    // fp.lt -> bool
	OpFLe    // fp.leq -> bool
	OpFToF   // to_fp RNE: Args[0] of the other float width to Width
	OpSToF   // to_fp RNE of the signed bit-vector Args[0] (any width) to Width 32 or 64
	OpUToF   // to_fp_unsigned RNE of Args[0] to Width 32 or 64
	OpFToSBV // fp.to_sbv RTZ to Width bits, or 1<<(Width-1) when NaN or out of range (x86's "integer indefinite")
	numOps
)

var opNames = [numOps]string{
	"const", "var", "not", "and", "or", "ite", "=", "bvneg", "bvnot", "bvadd", "bvsub", "bvmul",
	"bvsdiv", "bvudiv", "bvsrem", "bvurem", "bvand", "bvor", "bvxor", "bvshl", "bvlshr", "bvashr",
	"bvslt", "bvsle", "bvult", "bvule", "zero_extend", "sign_extend", "extract",
	"fp.add", "fp.sub", "fp.mul", "fp.div", "fp.eq", "fp.lt", "fp.leq", "to_fp", "to_fp", "to_fp_unsigned", "fp.to_sbv",
}

// String returns the SMT-LIB name of the operator.
func (op Op) String() string { return opNames[op] }

// Term is an immutable, hash-consed expression: two terms built by one Builder are
// structurally equal exactly when they are the same pointer.
type Term struct {
	Op    Op
	Width int     // 0 for bool terms, else the bit-vector width
	Val   uint64  // OpConst: the value, masked to Width (bool: 0 or 1)
	Name  string  // OpVar: the variable's name
	Args  []*Term // operands
	ID    int     // unique per Builder, increasing in creation order
}

// IsBool reports whether t is a boolean term.
func (t *Term) IsBool() bool { return t.Width == 0 }

// IsConst reports whether t is a constant.
func (t *Term) IsConst() bool { return t.Op == OpConst }

// Mask returns the bit mask of a width (64 → all ones; 0, for bools, → 1).
func Mask(width int) uint64 {
	if width == 0 {
		return 1
	}
	if width >= 64 {
		return ^uint64(0)
	}
	return 1<<uint(width) - 1
}
