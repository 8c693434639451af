// strconv's bsearch and IsPrint, over small tables: a generic search over
// uint16 and uint32 slices, its instances inlined twice in one function.

package p

func bsearch[S ~[]E, E ~uint16 | ~uint32](s S, v E) (int, bool) {
	n := len(s)
	i, j := 0, n
	for i < j {
		h := i + (j-i)>>1
		if s[h] < v {
			i = h + 1
		} else {
			j = h
		}
	}
	return i, i < n && s[i] == v
}

func Search16(s []uint16, v uint16) (int, bool) { return bsearch(s, v) }

func Search32(s []uint32, v uint32) (int, bool) { return bsearch(s, v) }

var isPrint16 = []uint16{
	0x0020, 0x007e,
	0x00a1, 0x0377,
	0x037a, 0x037f,
	0xfffc, 0xfffd,
}

var isNotPrint16 = []uint16{0x00ad, 0x038b}

var isPrint32 = []uint32{
	0x010000, 0x01004d,
	0x010050, 0x01005d,
	0x0e0100, 0x0e01ef,
}

var isNotPrint32 = []uint16{0x000c, 0x0027}

// brute: r 0x1f 0x20 0x7e 0x7f 0xa0 0xa1 0xad 0xfe 0x100 0x377 0x378 0x38b 0xfffc 0xfffe 0x10000 0x1000c 0x1004d 0x1004e 0x10050 0x1ffff 0x20000 0xe0100 0x10ffff
func IsPrint(r rune) bool {
	if r <= 0xFF {
		if 0x20 <= r && r <= 0x7E {
			return true
		}
		if 0xA1 <= r && r <= 0xFF {
			return r != 0xAD
		}
		return false
	}
	if 0 <= r && r < 1<<16 {
		rr, isPrint, isNotPrint := uint16(r), isPrint16, isNotPrint16
		i, _ := bsearch(isPrint, rr)
		if i >= len(isPrint) || rr < isPrint[i&^1] || isPrint[i|1] < rr {
			return false
		}
		_, found := bsearch(isNotPrint, rr)
		return !found
	}
	rr, isPrint, isNotPrint := uint32(r), isPrint32, isNotPrint32
	i, _ := bsearch(isPrint, rr)
	if i >= len(isPrint) || rr < isPrint[i&^1] || isPrint[i|1] < rr {
		return false
	}
	if r >= 0x20000 {
		return true
	}
	r -= 0x10000
	_, found := bsearch(isNotPrint, uint16(r))
	return !found
}

// Lower is bsearch written out over a []int8: signed elements.
func Lower(s []int8, v int8) int {
	i, j := 0, len(s)
	for i < j {
		h := int(uint(i+j) >> 1)
		if s[h] < v {
			i = h + 1
		} else {
			j = h
		}
	}
	if i > len(s) {
		return -1
	}
	return i
}
