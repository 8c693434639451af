// Slices and strings: lengths, capacities, elements, slicing, append,
// copy, make, ranges over strings.

package p

func Elems(s []int8) int {
	c := 0
	for i := 0; i < len(s); i++ {
		if s[i] < 0 {
			c++
		}
		if uint8(s[i]) > 200 {
			c += 2
		}
		if int(s[i])+i > 127 {
			c += 4
		}
	}
	return c
}

func Caps(s []uint16, n uint8) int {
	c := 0
	t := s[:cap(s)]
	if len(t) > len(s) {
		c++
	}
	u := append(s, 1)
	if len(u) == len(s)+1 {
		c += 2
	}
	if cap(u) > cap(s) {
		c += 4
	}
	m := make([]uint16, n%4, 5)
	k := copy(m, s)
	if k < 2 {
		c += 8
	}
	if k > len(s) {
		c += 16
	}
	for i := len(m) - 1; i >= 0; i-- {
		if m[i] > 0 {
			c += 32
		}
	}
	if len(s) > 0 {
		r := s[1:]
		if cap(r) < cap(s) {
			c += 64
		}
		if len(r) == cap(r) {
			c += 128
		}
	}
	return c
}

func Reverse(b []uint32) int {
	c := 0
	for i, j := 0, len(b)-1; i < j; i, j = i+1, j-1 {
		b[i], b[j] = b[j], b[i]
		if b[i] < b[j] {
			c++
		}
		if j-i < 1 {
			c += 2
		}
	}
	return c
}

func Step(b []uint8) int {
	c := 0
	for i := 0; i+1 < len(b); i += 2 {
		if b[i+1] < b[i] {
			c++
		}
		if i > len(b)-2 {
			c += 2
		}
	}
	for i := len(b); i > 0; i-- {
		if b[i-1] == 0 {
			c += 4
		}
	}
	return c
}

func Runes(s string) int {
	c := 0
	for i, r := range s {
		if r == 0xFFFD {
			c++
		}
		if i > len(s)-1 {
			c += 2
		}
		if r > 0x10FFFF || r < 0 {
			c += 4
		}
		if r > 0x7f {
			c += 8
		}
	}
	t := s + "ab"
	if len(t) < 2 {
		c += 16
	}
	for len(s) > 0 && s[0] == 'a' {
		s = s[1:]
	}
	if len(s) > 0 && s[0] == 'a' {
		c += 32
	}
	return c
}

func Bytes(s string, k int8) int {
	c := 0
	b := []byte(s)
	if len(b) != len(s) {
		c++
	}
	if int(k) < len(b) && k >= 0 {
		if b[k] > 0x7f {
			c += 2
		}
		t := s[k:]
		if len(t) > len(s)-int(k) {
			c += 4
		}
	}
	if string(b[:0]) == s {
		c += 8
	}
	return c
}

func Appends(s []int8, n uint8) int {
	c := 0
	w := append(s, int8(n))
	if len(w) != len(s)+1 {
		c++
	}
	if len(w) > 4 {
		c += 2
	}
	w = append(w, s...)
	if len(w) < 2*len(s) {
		c += 4
	}
	m := make([]int8, n%5)
	if len(m) > 4 || cap(m) < len(m) {
		c += 8
	}
	var arr [4]int8
	t := arr[1:3:4]
	if len(t) != 2 || cap(t) != 3 {
		c += 16
	}
	p := &arr
	q := p[int(n%4):]
	if len(q)+int(n%4) != 4 {
		c += 32
	}
	if s == nil && len(s) > 0 {
		c += 64
	}
	if s != nil && cap(s) == 0 {
		c += 128
	}
	for i := range n % 8 {
		if i > 6 {
			c += 256
		}
	}
	return c
}

func Strs(s, t string) int {
	c := 0
	if s == t {
		if len(s) != len(t) {
			c++
		}
		if len(s) > 2 {
			c += 2
		}
	}
	u := s + t
	for i := 0; i < len(u); i++ {
		if i >= len(s) && u[i] == '/' {
			c += 4
		}
	}
	n := copy(make([]byte, 2), s)
	if n > len(s) || n > 2 {
		c += 8
	}
	for len(s) > 0 && s[len(s)-1] == '/' {
		s = s[:len(s)-1]
	}
	if len(s) > 0 && s[len(s)-1] == '/' {
		c += 16
	}
	for i := len(t) - 1; i >= 0; i-- {
		if t[i] == 0xff {
			c += 32
			break
		}
	}
	return c
}

func Window(b []uint8, k int8) int {
	c := 0
	if k < 0 || int(k) > len(b) {
		return -1
	}
	for i := 0; i+int(k) <= len(b); i++ {
		w := b[i : i+int(k)]
		if len(w) != int(k) {
			c++
		}
		if cap(w) < len(w) {
			c += 2
		}
		if i > 0 && len(b)-i < int(k) {
			c += 4
		}
	}
	return c
}
