// The raw formatter of numbers, strings and bytes under flags, width and precision: Go's fmt/format.go rule by rule.

package fmt

import (
	"strconv"
	"unicode/utf8"
)

const (
	ldigits = "0123456789abcdefx"
	udigits = "0123456789ABCDEFX"
)

const (
	signed   = true
	unsigned = false
)

// fmtFlags are the flags of one verb (fmt's).
type fmtFlags struct {
	widPresent  bool
	precPresent bool
	minus       bool
	plus        bool
	sharp       bool
	space       bool
	zero        bool

	// For %+v and %#v: plusV and sharpV are set, plus and sharp cleared.
	plusV  bool
	sharpV bool
}

// formatter is fmt's fmt: the flags, width and precision of the verb
// being printed, writing into buf. concretized records that a symbolic
// value was replaced by its concrete value on the way (its layout would
// need loops over its digits or runes): the printed text is then the
// concrete one, and the call's result is tainted (pp.result). unfixed,
// when set, says what the text depends on that a test cannot fix (an
// address, the full text of a run-time error): the result is tainted
// under that name.
type formatter struct {
	buf *buffer

	fmtFlags

	wid  int
	prec int

	concretized bool
	unfixed     string
}

// The names of what a test cannot fix (the engine knows them), and the
// tag of a value concretized.
const (
	addressKey     = "a pointer's address"
	runtimeTextKey = "a run-time error's text"
	concretizedKey = "concretized"
)

// note records what a value concretized depended on (concreteString's
// tag).
func (f *formatter) note(tag string) {
	switch tag {
	case "":
	case concretizedKey:
		f.concretized = true
	default:
		f.unfixed = tag
	}
}

func (f *formatter) clearflags() {
	f.fmtFlags = fmtFlags{}
	f.wid = 0
	f.prec = 0
}

func (f *formatter) init(buf *buffer) {
	f.buf = buf
	f.clearflags()
}

// concreteInt is u with its concrete value, noting the concretization.
func (f *formatter) concreteInt(u uint64) uint64 {
	c, tag := concreteUint(u)
	f.note(tag)
	return c
}

// concreteStr is s with its concrete bytes, noting the concretization.
func (f *formatter) concreteStr(s string) string {
	c, tag := concreteString(s)
	f.note(tag)
	return c
}

// concreteBytes is b with its concrete bytes (a copy when any was
// symbolic), noting the concretization.
func (f *formatter) concreteBytes(b []byte) []byte {
	s, tag := concreteString(string(b))
	if tag == "" {
		return b
	}
	f.note(tag)
	return []byte(s)
}

// writePadding generates n bytes of padding.
func (f *formatter) writePadding(n int) {
	if n <= 0 {
		return
	}
	padByte := byte(' ')
	// Zero padding is allowed only to the left.
	if f.zero && !f.minus {
		padByte = byte('0')
	}
	f.buf.writeString(padding(padByte, n))
}

// padding is n bytes c, made by doubling (a loop storing n bytes would
// copy the engine's array at each store).
func padding(c byte, n int) string {
	s := string([]byte{c})
	for len(s) < n {
		s += s
	}
	return s[:n]
}

// pad appends b to f.buf, padded on left (!f.minus) or right (f.minus).
func (f *formatter) pad(b []byte) {
	if !f.widPresent || f.wid == 0 {
		f.buf.write(b)
		return
	}
	b = f.concreteBytes(b)
	width := f.wid - utf8.RuneCount(b)
	if !f.minus {
		f.writePadding(width)
		f.buf.write(b)
	} else {
		f.buf.write(b)
		f.writePadding(width)
	}
}

// padString appends s to f.buf, padded on left (!f.minus) or right (f.minus).
func (f *formatter) padString(s string) {
	if !f.widPresent || f.wid == 0 {
		f.buf.writeString(s)
		return
	}
	s = f.concreteStr(s)
	width := f.wid - utf8.RuneCountInString(s)
	if !f.minus {
		f.writePadding(width)
		f.buf.writeString(s)
	} else {
		f.buf.writeString(s)
		f.writePadding(width)
	}
}

// padASCII is padString of an ASCII s: its width is its length, which
// the run knows even where its bytes are symbolic (a number's digits).
func (f *formatter) padASCII(s string) {
	if !f.widPresent || f.wid == 0 {
		f.buf.writeString(s)
		return
	}
	width := f.wid - len(s)
	if !f.minus {
		f.writePadding(width)
		f.buf.writeString(s)
	} else {
		f.buf.writeString(s)
		f.writePadding(width)
	}
}

// fmtBoolean formats a boolean.
func (f *formatter) fmtBoolean(v bool) {
	if v {
		f.padString("true")
	} else {
		f.padString("false")
	}
}

// fmtUnicode formats a uint64 as "U+0078" or with f.sharp set as "U+0078 'x'".
func (f *formatter) fmtUnicode(u uint64) {
	u = f.concreteInt(u)
	prec := 4
	if f.precPresent && f.prec > 4 {
		prec = f.prec
	}
	var tail string
	// For %#U a space and the quoted character follow.
	if f.sharp && u <= utf8.MaxRune && strconv.IsPrint(rune(u)) {
		tail = " '" + string(rune(u)) + "'"
	}
	var digits []byte
	for u >= 16 {
		digits = append(digits, udigits[u&0xF])
		u >>= 4
	}
	digits = append(digits, udigits[u])
	reverse(digits)
	num := string(digits)
	if prec > len(num) {
		num = padding('0', prec-len(num)) + num
	}

	oldZero := f.zero
	f.zero = false
	f.padString("U+" + num + tail)
	f.zero = oldZero
}

// reverse reverses b in place.
func reverse(b []byte) {
	for i, j := 0, len(b)-1; i < j; i, j = i+1, j-1 {
		b[i], b[j] = b[j], b[i]
	}
}

// fmtInteger formats signed and unsigned integers. A symbolic u stays
// symbolic: its digits are a loop whose trip count the run decides, each
// digit a term, so that a branch on the text of a number is exact.
func (f *formatter) fmtInteger(u uint64, base int, isSigned bool, verb rune, digits string) {
	negative := isSigned && int64(u) < 0
	if negative {
		u = -u
	}

	// Two ways to ask for extra leading zero digits: %.3d or %03d.
	// If both are specified the f.zero flag is ignored and
	// padding with spaces is used instead.
	prec := 0
	if f.precPresent {
		prec = f.prec
		// Precision of 0 and value of 0 means "print nothing" but padding.
		if prec == 0 && u == 0 {
			oldZero := f.zero
			f.zero = false
			f.writePadding(f.wid)
			f.zero = oldZero
			return
		}
	} else if f.zero && !f.minus && f.widPresent { // Zero padding is allowed only to the left.
		prec = f.wid
		if negative || f.plus || f.space {
			prec-- // leave room for sign
		}
	}

	// The digits, least significant first.
	var buf []byte
	switch base {
	case 10:
		for u >= 10 {
			next := u / 10
			buf = append(buf, byte('0'+u-next*10))
			u = next
		}
	case 16:
		for u >= 16 {
			buf = append(buf, digits[u&0xF])
			u >>= 4
		}
	case 8:
		for u >= 8 {
			buf = append(buf, byte('0'+u&7))
			u >>= 3
		}
	case 2:
		for u >= 2 {
			buf = append(buf, byte('0'+u&1))
			u >>= 1
		}
	default:
		panic("fmt: unknown base; can't happen")
	}
	buf = append(buf, digits[u])
	reverse(buf)
	num := string(buf)
	if prec > len(num) {
		num = padding('0', prec-len(num)) + num
	}

	// Various prefixes: 0x, -, etc.
	prefix := ""
	if f.sharp {
		switch base {
		case 2:
			// Add a leading 0b.
			prefix = "0b"
		case 8:
			if num[0] != '0' {
				prefix = "0"
			}
		case 16:
			// Add a leading 0x or 0X.
			prefix = "0" + digits[16:17]
		}
	}
	if verb == 'O' {
		prefix = "0o" + prefix
	}

	if negative {
		prefix = "-" + prefix
	} else if f.plus {
		prefix = "+" + prefix
	} else if f.space {
		prefix = " " + prefix
	}

	// Left padding with zeros has already been handled like precision earlier
	// or the f.zero flag is ignored due to an explicitly set precision.
	oldZero := f.zero
	f.zero = false
	f.padASCII(prefix + num)
	f.zero = oldZero
}

// truncateString truncates the string s to the specified precision, if present.
func (f *formatter) truncateString(s string) string {
	if f.precPresent {
		s = f.concreteStr(s)
		n := f.prec
		for i := range s {
			n--
			if n < 0 {
				return s[:i]
			}
		}
	}
	return s
}

// truncate truncates the byte slice b as a string of the specified precision, if present.
func (f *formatter) truncate(b []byte) []byte {
	if f.precPresent {
		b = f.concreteBytes(b)
		n := f.prec
		for i := 0; i < len(b); {
			n--
			if n < 0 {
				return b[:i]
			}
			_, wid := utf8.DecodeRune(b[i:])
			i += wid
		}
	}
	return b
}

// fmtS formats a string.
func (f *formatter) fmtS(s string) {
	s = f.truncateString(s)
	f.padString(s)
}

// fmtBs formats the byte slice b as if it was formatted as string with fmtS.
func (f *formatter) fmtBs(b []byte) {
	b = f.truncate(b)
	f.pad(b)
}

// fmtSbx formats a string or byte slice as a hexadecimal encoding of its bytes.
func (f *formatter) fmtSbx(s string, b []byte, digits string) {
	length := len(b)
	if b == nil {
		// No byte slice present. Assume string s should be encoded.
		s = f.concreteStr(s)
		length = len(s)
	} else {
		b = f.concreteBytes(b)
	}
	// Set length to not process more bytes than the precision demands.
	if f.precPresent && f.prec < length {
		length = f.prec
	}
	// Compute width of the encoding taking into account the f.sharp and f.space flag.
	width := 2 * length
	if width > 0 {
		if f.space {
			// Each element encoded by two hexadecimals will get a leading 0x or 0X.
			if f.sharp {
				width *= 2
			}
			// Elements will be separated by a space.
			width += length - 1
		} else if f.sharp {
			// Only a leading 0x or 0X will be added for the whole string.
			width += 2
		}
	} else { // The byte slice or string that should be encoded is empty.
		if f.widPresent {
			f.writePadding(f.wid)
		}
		return
	}
	// Handle padding to the left.
	if f.widPresent && f.wid > width && !f.minus {
		f.writePadding(f.wid - width)
	}
	var buf []byte
	if f.sharp {
		// Add leading 0x or 0X.
		buf = append(buf, '0', digits[16])
	}
	var c byte
	for i := 0; i < length; i++ {
		if f.space && i > 0 {
			// Separate elements with a space.
			buf = append(buf, ' ')
			if f.sharp {
				// Add leading 0x or 0X for each element.
				buf = append(buf, '0', digits[16])
			}
		}
		if b != nil {
			c = b[i]
		} else {
			c = s[i]
		}
		// Encode each byte as two hexadecimal digits.
		buf = append(buf, digits[c>>4], digits[c&0xF])
	}
	f.buf.write(buf)
	// Handle padding to the right.
	if f.widPresent && f.wid > width && f.minus {
		f.writePadding(f.wid - width)
	}
}

// fmtSx formats a string as a hexadecimal encoding of its bytes.
func (f *formatter) fmtSx(s, digits string) {
	f.fmtSbx(s, nil, digits)
}

// fmtBx formats a byte slice as a hexadecimal encoding of its bytes.
func (f *formatter) fmtBx(b []byte, digits string) {
	f.fmtSbx("", b, digits)
}

// fmtQ formats a string as a double-quoted, escaped Go string constant.
// If f.sharp is set a raw (backquoted) string may be returned instead
// if the string does not contain any control characters other than tab.
func (f *formatter) fmtQ(s string) {
	s = f.truncateString(s)
	s = f.concreteStr(s)
	if f.sharp && strconv.CanBackquote(s) {
		f.padString("`" + s + "`")
		return
	}
	if f.plus {
		f.pad(strconv.AppendQuoteToASCII(nil, s))
	} else {
		f.pad(strconv.AppendQuote(nil, s))
	}
}

// fmtC formats an integer as a Unicode character.
// If the character is not valid Unicode, it will print '\ufffd'.
func (f *formatter) fmtC(c uint64) {
	c = f.concreteInt(c)
	r := rune(c)
	if c > utf8.MaxRune {
		r = utf8.RuneError
	}
	f.pad(utf8.AppendRune(nil, r))
}

// fmtQc formats an integer as a single-quoted, escaped Go character constant.
// If the character is not valid Unicode, it will print '\ufffd'.
func (f *formatter) fmtQc(c uint64) {
	c = f.concreteInt(c)
	r := rune(c)
	if c > utf8.MaxRune {
		r = utf8.RuneError
	}
	if f.plus {
		f.pad(strconv.AppendQuoteRuneToASCII(nil, r))
	} else {
		f.pad(strconv.AppendQuoteRune(nil, r))
	}
}

// fmtFloat formats a float64. It assumes that verb is a valid format specifier
// for strconv.AppendFloat and therefore fits into a byte.
func (f *formatter) fmtFloat(v float64, size int, verb rune, prec int) {
	v, tag := concreteFloat(v)
	f.note(tag)
	// Explicit precision in format specifier overrules default precision.
	if f.precPresent {
		prec = f.prec
	}
	// Format number, reserving space for leading + sign if needed.
	num := append([]byte{0}, formatFloat(v, byte(verb), prec, size)...)
	if num[1] == '-' || num[1] == '+' {
		num = num[1:]
	} else {
		num[0] = '+'
	}
	// f.space means to add a leading space instead of a "+" sign unless
	// the sign is explicitly asked for by f.plus.
	if f.space && num[0] == '+' && !f.plus {
		num[0] = ' '
	}
	// Special handling for infinities and NaN,
	// which don't look like a number so shouldn't be padded with zeros.
	if num[1] == 'I' || num[1] == 'N' {
		oldZero := f.zero
		f.zero = false
		// Remove sign before NaN if not asked for.
		if num[1] == 'N' && !f.space && !f.plus {
			num = num[1:]
		}
		f.pad(num)
		f.zero = oldZero
		return
	}
	// The sharp flag forces printing a decimal point for non-binary formats
	// and retains trailing zeros, which we may need to restore.
	if f.sharp && verb != 'b' {
		digits := 0
		switch verb {
		case 'v', 'g', 'G', 'x':
			digits = prec
			// If no precision is set explicitly use a precision of 6.
			if digits == -1 {
				digits = 6
			}
		}

		var tail []byte
		hasDecimalPoint := false
		sawNonzeroDigit := false
		// Starting from i = 1 to skip sign at num[0].
		for i := 1; i < len(num); i++ {
			switch num[i] {
			case '.':
				hasDecimalPoint = true
			case 'p', 'P':
				tail = append(tail, num[i:]...)
				num = num[:i]
			case 'e', 'E':
				if verb != 'x' && verb != 'X' {
					tail = append(tail, num[i:]...)
					num = num[:i]
					break
				}
				fallthrough
			default:
				if num[i] != '0' {
					sawNonzeroDigit = true
				}
				// Count significant digits after the first non-zero digit.
				if sawNonzeroDigit {
					digits--
				}
			}
		}
		if !hasDecimalPoint {
			// Leading digit 0 should contribute once to digits.
			if len(num) == 2 && num[1] == '0' {
				digits--
			}
			num = append(num, '.')
		}
		for digits > 0 {
			num = append(num, '0')
			digits--
		}
		num = append(num, tail...)
	}
	// We want a sign if asked for and if the sign is not positive.
	if f.plus || num[0] != '+' {
		// If we're zero padding to the left we want the sign before the leading zeros.
		// Achieve this by writing the sign out and then padding the unsigned number.
		// Zero padding is allowed only to the left.
		if f.zero && !f.minus && f.widPresent && f.wid > len(num) {
			f.buf.writeByte(num[0])
			f.writePadding(f.wid - len(num))
			f.buf.write(num[1:])
			return
		}
		f.pad(num)
		return
	}
	// No sign to show and the number is positive; just print the unsigned number.
	f.pad(num[1:])
}
