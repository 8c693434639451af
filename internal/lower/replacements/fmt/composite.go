// Arrays, slices and maps printed, a map's entries sorted as internal/fmtsort sorts them.

package fmt

// printList prints an array or a slice.
func (p *pp) printList(v value, verb rune, depth int) {
	switch verb {
	case 's', 'q', 'x', 'X':
		// Handle byte and uint8 slices and arrays special for the above verbs.
		if elemIsByte(v.x) {
			var bytes []byte
			if v.kind() == kSlice {
				bytes = bytesOf(v.x)
			} else {
				bytes = make([]byte, v.length(&p.fmt))
				for i := range bytes {
					bytes[i] = byte(uintOf(index(v.x, i)))
				}
			}
			p.fmtBytes(bytes, verb, v.typeString(), v)
			return
		}
	}
	if p.fmt.sharpV {
		p.buf.writeString(v.typeString())
		if v.kind() == kSlice && v.isNil(&p.fmt) {
			p.buf.writeString(nilParenString)
			return
		}
		p.buf.writeByte('{')
		n := v.length(&p.fmt)
		for i := 0; i < n; i++ {
			if i > 0 {
				p.buf.writeString(commaSpaceString)
			}
			p.printValue(v.index(i), verb, depth+1)
		}
		p.buf.writeByte('}')
	} else {
		p.buf.writeByte('[')
		n := v.length(&p.fmt)
		for i := 0; i < n; i++ {
			if i > 0 {
				p.buf.writeByte(' ')
			}
			p.printValue(v.index(i), verb, depth+1)
		}
		p.buf.writeByte(']')
	}
}

// printMap prints a map, its entries sorted by key.
func (p *pp) printMap(v value, verb rune, depth int) {
	if p.fmt.sharpV {
		p.buf.writeString(v.typeString())
		if v.isNil(&p.fmt) {
			p.buf.writeString(nilParenString)
			return
		}
		p.buf.writeByte('{')
	} else {
		p.buf.writeString(mapString)
	}
	keys, vals := p.sortMap(v)
	for i := range keys {
		if i > 0 {
			if p.fmt.sharpV {
				p.buf.writeString(commaSpaceString)
			} else {
				p.buf.writeByte(' ')
			}
		}
		p.printValue(keys[i], verb, depth+1)
		p.buf.writeByte(':')
		p.printValue(vals[i], verb, depth+1)
	}
	if p.fmt.sharpV {
		p.buf.writeByte('}')
	} else {
		p.buf.writeByte(']')
	}
}

// sortMap returns the entries of a map sorted by key (fmtsort.Sort: a
// stable sort by compare).
func (p *pp) sortMap(v value) (keys, vals []value) {
	n := v.length(&p.fmt)
	for i := 0; i < n; i++ {
		k, e := v.mapEntry(i)
		keys, vals = append(keys, k), append(vals, e)
	}
	for i := 1; i < n; i++ {
		for j := i; j > 0 && p.compare(keys[j], keys[j-1]) < 0; j-- {
			keys[j], keys[j-1] = keys[j-1], keys[j]
			vals[j], vals[j-1] = vals[j-1], vals[j]
		}
	}
	return keys, vals
}

// compare compares two values of the same type as fmtsort does: -1, 0 or
// 1 as a < b, a == b or a > b (on their concrete values).
func (p *pp) compare(a, b value) int {
	f := &p.fmt
	switch a.kind() {
	case kInt:
		return cmpInt(int64(f.concreteInt(uint64(intOf(a.x)))), int64(f.concreteInt(uint64(intOf(b.x)))))
	case kUint:
		x, y := f.concreteInt(uintOf(a.x)), f.concreteInt(uintOf(b.x))
		switch {
		case x < y:
			return -1
		case x > y:
			return 1
		}
		return 0
	case kString:
		x, y := f.concreteStr(stringOf(a.x)), f.concreteStr(stringOf(b.x))
		switch {
		case x < y:
			return -1
		case x > y:
			return 1
		}
		return 0
	case kFloat32, kFloat64:
		x, tx := concreteFloat(floatOf(a.x))
		y, ty := concreteFloat(floatOf(b.x))
		f.note(tx)
		f.note(ty)
		return cmpFloat(x, y)
	case kBool:
		x, tx := concreteBool(boolOf(a.x))
		y, ty := concreteBool(boolOf(b.x))
		f.note(tx)
		f.note(ty)
		switch {
		case x == y:
			return 0
		case x:
			return 1
		default:
			return -1
		}
	case kPointer, kUnsafePointer, kChan:
		x, y := pointer(a.x), pointer(b.x)
		if x != 0 && y != 0 {
			f.unfixed = addressKey // the order of the entries
		}
		switch {
		case x < y:
			return -1
		case x > y:
			return 1
		}
		return 0
	case kStruct:
		n := numField(a.x)
		for i := 0; i < n; i++ {
			if c := p.compare(a.field(i), b.field(i)); c != 0 {
				return c
			}
		}
		return 0
	case kArray:
		n := a.length(f)
		for i := 0; i < n; i++ {
			if c := p.compare(a.index(i), b.index(i)); c != 0 {
				return c
			}
		}
		return 0
	case kInterface:
		an, bn := a.x == nil, b.x == nil
		switch {
		case an && bn:
			return 0
		case an:
			return -1
		case bn:
			return 1
		}
		if c := typeOrder(a.x, b.x); c != 0 {
			f.unfixed = addressKey // types are ordered by their descriptors' addresses
			return c
		}
		return p.compare(a.elem(), b.elem())
	}
	panic("bad type in compare: " + a.typeString())
}

func cmpInt(x, y int64) int {
	switch {
	case x < y:
		return -1
	case x > y:
		return 1
	}
	return 0
}

// cmpFloat is cmp.Compare of floats: a NaN is less than any other value
// and equal to a NaN.
func cmpFloat(x, y float64) int {
	xNaN, yNaN := x != x, y != y
	if xNaN {
		if yNaN {
			return 0
		}
		return -1
	}
	if yNaN {
		return 1
	}
	switch {
	case x < y:
		return -1
	case x > y:
		return 1
	}
	return 0
}
