// sync/atomic: its functions and typed forms, with one goroutine's semantics (plain loads and stores).

package replacements

import "unsafe"

// With one goroutine an atomic operation is the plain operation: each
// function reads and writes *addr as Go code would (a nil addr is a nil
// dereference, as Go's run time reports it). The typed forms are
// methods of mirrors (replace_types.go) with the size of the types they
// stand for; their state is the value itself (a Bool's is 0 or 1, as
// sync/atomic keeps it).

// SwapInt32 replaces sync/atomic.SwapInt32.
func SwapInt32(addr *int32, new int32) (old int32) {
	old = *addr
	*addr = new
	return old
}

// CompareAndSwapInt32 replaces sync/atomic.CompareAndSwapInt32.
func CompareAndSwapInt32(addr *int32, old, new int32) (swapped bool) {
	if *addr != old {
		return false
	}
	*addr = new
	return true
}

// AddInt32 replaces sync/atomic.AddInt32.
func AddInt32(addr *int32, delta int32) (new int32) {
	*addr += delta
	return *addr
}

// AndInt32 replaces sync/atomic.AndInt32.
func AndInt32(addr *int32, mask int32) (old int32) {
	old = *addr
	*addr = old & mask
	return old
}

// OrInt32 replaces sync/atomic.OrInt32.
func OrInt32(addr *int32, mask int32) (old int32) {
	old = *addr
	*addr = old | mask
	return old
}

// LoadInt32 replaces sync/atomic.LoadInt32.
func LoadInt32(addr *int32) (val int32) { return *addr }

// StoreInt32 replaces sync/atomic.StoreInt32.
func StoreInt32(addr *int32, val int32) { *addr = val }

// SwapInt64 replaces sync/atomic.SwapInt64.
func SwapInt64(addr *int64, new int64) (old int64) {
	old = *addr
	*addr = new
	return old
}

// CompareAndSwapInt64 replaces sync/atomic.CompareAndSwapInt64.
func CompareAndSwapInt64(addr *int64, old, new int64) (swapped bool) {
	if *addr != old {
		return false
	}
	*addr = new
	return true
}

// AddInt64 replaces sync/atomic.AddInt64.
func AddInt64(addr *int64, delta int64) (new int64) {
	*addr += delta
	return *addr
}

// AndInt64 replaces sync/atomic.AndInt64.
func AndInt64(addr *int64, mask int64) (old int64) {
	old = *addr
	*addr = old & mask
	return old
}

// OrInt64 replaces sync/atomic.OrInt64.
func OrInt64(addr *int64, mask int64) (old int64) {
	old = *addr
	*addr = old | mask
	return old
}

// LoadInt64 replaces sync/atomic.LoadInt64.
func LoadInt64(addr *int64) (val int64) { return *addr }

// StoreInt64 replaces sync/atomic.StoreInt64.
func StoreInt64(addr *int64, val int64) { *addr = val }

// SwapUint32 replaces sync/atomic.SwapUint32.
func SwapUint32(addr *uint32, new uint32) (old uint32) {
	old = *addr
	*addr = new
	return old
}

// CompareAndSwapUint32 replaces sync/atomic.CompareAndSwapUint32.
func CompareAndSwapUint32(addr *uint32, old, new uint32) (swapped bool) {
	if *addr != old {
		return false
	}
	*addr = new
	return true
}

// AddUint32 replaces sync/atomic.AddUint32.
func AddUint32(addr *uint32, delta uint32) (new uint32) {
	*addr += delta
	return *addr
}

// AndUint32 replaces sync/atomic.AndUint32.
func AndUint32(addr *uint32, mask uint32) (old uint32) {
	old = *addr
	*addr = old & mask
	return old
}

// OrUint32 replaces sync/atomic.OrUint32.
func OrUint32(addr *uint32, mask uint32) (old uint32) {
	old = *addr
	*addr = old | mask
	return old
}

// LoadUint32 replaces sync/atomic.LoadUint32.
func LoadUint32(addr *uint32) (val uint32) { return *addr }

// StoreUint32 replaces sync/atomic.StoreUint32.
func StoreUint32(addr *uint32, val uint32) { *addr = val }

// SwapUint64 replaces sync/atomic.SwapUint64.
func SwapUint64(addr *uint64, new uint64) (old uint64) {
	old = *addr
	*addr = new
	return old
}

// CompareAndSwapUint64 replaces sync/atomic.CompareAndSwapUint64.
func CompareAndSwapUint64(addr *uint64, old, new uint64) (swapped bool) {
	if *addr != old {
		return false
	}
	*addr = new
	return true
}

// AddUint64 replaces sync/atomic.AddUint64.
func AddUint64(addr *uint64, delta uint64) (new uint64) {
	*addr += delta
	return *addr
}

// AndUint64 replaces sync/atomic.AndUint64.
func AndUint64(addr *uint64, mask uint64) (old uint64) {
	old = *addr
	*addr = old & mask
	return old
}

// OrUint64 replaces sync/atomic.OrUint64.
func OrUint64(addr *uint64, mask uint64) (old uint64) {
	old = *addr
	*addr = old | mask
	return old
}

// LoadUint64 replaces sync/atomic.LoadUint64.
func LoadUint64(addr *uint64) (val uint64) { return *addr }

// StoreUint64 replaces sync/atomic.StoreUint64.
func StoreUint64(addr *uint64, val uint64) { *addr = val }

// SwapUintptr replaces sync/atomic.SwapUintptr.
func SwapUintptr(addr *uintptr, new uintptr) (old uintptr) {
	old = *addr
	*addr = new
	return old
}

// CompareAndSwapUintptr replaces sync/atomic.CompareAndSwapUintptr.
func CompareAndSwapUintptr(addr *uintptr, old, new uintptr) (swapped bool) {
	if *addr != old {
		return false
	}
	*addr = new
	return true
}

// AddUintptr replaces sync/atomic.AddUintptr.
func AddUintptr(addr *uintptr, delta uintptr) (new uintptr) {
	*addr += delta
	return *addr
}

// AndUintptr replaces sync/atomic.AndUintptr.
func AndUintptr(addr *uintptr, mask uintptr) (old uintptr) {
	old = *addr
	*addr = old & mask
	return old
}

// OrUintptr replaces sync/atomic.OrUintptr.
func OrUintptr(addr *uintptr, mask uintptr) (old uintptr) {
	old = *addr
	*addr = old | mask
	return old
}

// LoadUintptr replaces sync/atomic.LoadUintptr.
func LoadUintptr(addr *uintptr) (val uintptr) { return *addr }

// StoreUintptr replaces sync/atomic.StoreUintptr.
func StoreUintptr(addr *uintptr, val uintptr) { *addr = val }

// SwapPointer replaces sync/atomic.SwapPointer.
func SwapPointer(addr *unsafe.Pointer, new unsafe.Pointer) (old unsafe.Pointer) {
	old = *addr
	*addr = new
	return old
}

// CompareAndSwapPointer replaces sync/atomic.CompareAndSwapPointer.
func CompareAndSwapPointer(addr *unsafe.Pointer, old, new unsafe.Pointer) (swapped bool) {
	if *addr != old {
		return false
	}
	*addr = new
	return true
}

// LoadPointer replaces sync/atomic.LoadPointer.
func LoadPointer(addr *unsafe.Pointer) (val unsafe.Pointer) { return *addr }

// StorePointer replaces sync/atomic.StorePointer.
func StorePointer(addr *unsafe.Pointer, val unsafe.Pointer) { *addr = val }

// atomicInt32 replaces sync/atomic.Int32.
type atomicInt32 struct{ v int32 }

// Load replaces (*sync/atomic.Int32).Load.
func (x *atomicInt32) Load() int32 { return x.v }

// Store replaces (*sync/atomic.Int32).Store.
func (x *atomicInt32) Store(val int32) { x.v = val }

// Swap replaces (*sync/atomic.Int32).Swap.
func (x *atomicInt32) Swap(new int32) (old int32) {
	old = x.v
	x.v = new
	return old
}

// CompareAndSwap replaces (*sync/atomic.Int32).CompareAndSwap.
func (x *atomicInt32) CompareAndSwap(old, new int32) (swapped bool) {
	if x.v != old {
		return false
	}
	x.v = new
	return true
}

// Add replaces (*sync/atomic.Int32).Add.
func (x *atomicInt32) Add(delta int32) (new int32) {
	x.v += delta
	return x.v
}

// And replaces (*sync/atomic.Int32).And.
func (x *atomicInt32) And(mask int32) (old int32) {
	old = x.v
	x.v = old & mask
	return old
}

// Or replaces (*sync/atomic.Int32).Or.
func (x *atomicInt32) Or(mask int32) (old int32) {
	old = x.v
	x.v = old | mask
	return old
}

// atomicInt64 replaces sync/atomic.Int64.
type atomicInt64 struct{ v int64 }

// Load replaces (*sync/atomic.Int64).Load.
func (x *atomicInt64) Load() int64 { return x.v }

// Store replaces (*sync/atomic.Int64).Store.
func (x *atomicInt64) Store(val int64) { x.v = val }

// Swap replaces (*sync/atomic.Int64).Swap.
func (x *atomicInt64) Swap(new int64) (old int64) {
	old = x.v
	x.v = new
	return old
}

// CompareAndSwap replaces (*sync/atomic.Int64).CompareAndSwap.
func (x *atomicInt64) CompareAndSwap(old, new int64) (swapped bool) {
	if x.v != old {
		return false
	}
	x.v = new
	return true
}

// Add replaces (*sync/atomic.Int64).Add.
func (x *atomicInt64) Add(delta int64) (new int64) {
	x.v += delta
	return x.v
}

// And replaces (*sync/atomic.Int64).And.
func (x *atomicInt64) And(mask int64) (old int64) {
	old = x.v
	x.v = old & mask
	return old
}

// Or replaces (*sync/atomic.Int64).Or.
func (x *atomicInt64) Or(mask int64) (old int64) {
	old = x.v
	x.v = old | mask
	return old
}

// atomicUint32 replaces sync/atomic.Uint32.
type atomicUint32 struct{ v uint32 }

// Load replaces (*sync/atomic.Uint32).Load.
func (x *atomicUint32) Load() uint32 { return x.v }

// Store replaces (*sync/atomic.Uint32).Store.
func (x *atomicUint32) Store(val uint32) { x.v = val }

// Swap replaces (*sync/atomic.Uint32).Swap.
func (x *atomicUint32) Swap(new uint32) (old uint32) {
	old = x.v
	x.v = new
	return old
}

// CompareAndSwap replaces (*sync/atomic.Uint32).CompareAndSwap.
func (x *atomicUint32) CompareAndSwap(old, new uint32) (swapped bool) {
	if x.v != old {
		return false
	}
	x.v = new
	return true
}

// Add replaces (*sync/atomic.Uint32).Add.
func (x *atomicUint32) Add(delta uint32) (new uint32) {
	x.v += delta
	return x.v
}

// And replaces (*sync/atomic.Uint32).And.
func (x *atomicUint32) And(mask uint32) (old uint32) {
	old = x.v
	x.v = old & mask
	return old
}

// Or replaces (*sync/atomic.Uint32).Or.
func (x *atomicUint32) Or(mask uint32) (old uint32) {
	old = x.v
	x.v = old | mask
	return old
}

// atomicUint64 replaces sync/atomic.Uint64.
type atomicUint64 struct{ v uint64 }

// Load replaces (*sync/atomic.Uint64).Load.
func (x *atomicUint64) Load() uint64 { return x.v }

// Store replaces (*sync/atomic.Uint64).Store.
func (x *atomicUint64) Store(val uint64) { x.v = val }

// Swap replaces (*sync/atomic.Uint64).Swap.
func (x *atomicUint64) Swap(new uint64) (old uint64) {
	old = x.v
	x.v = new
	return old
}

// CompareAndSwap replaces (*sync/atomic.Uint64).CompareAndSwap.
func (x *atomicUint64) CompareAndSwap(old, new uint64) (swapped bool) {
	if x.v != old {
		return false
	}
	x.v = new
	return true
}

// Add replaces (*sync/atomic.Uint64).Add.
func (x *atomicUint64) Add(delta uint64) (new uint64) {
	x.v += delta
	return x.v
}

// And replaces (*sync/atomic.Uint64).And.
func (x *atomicUint64) And(mask uint64) (old uint64) {
	old = x.v
	x.v = old & mask
	return old
}

// Or replaces (*sync/atomic.Uint64).Or.
func (x *atomicUint64) Or(mask uint64) (old uint64) {
	old = x.v
	x.v = old | mask
	return old
}

// atomicUintptr replaces sync/atomic.Uintptr.
type atomicUintptr struct{ v uintptr }

// Load replaces (*sync/atomic.Uintptr).Load.
func (x *atomicUintptr) Load() uintptr { return x.v }

// Store replaces (*sync/atomic.Uintptr).Store.
func (x *atomicUintptr) Store(val uintptr) { x.v = val }

// Swap replaces (*sync/atomic.Uintptr).Swap.
func (x *atomicUintptr) Swap(new uintptr) (old uintptr) {
	old = x.v
	x.v = new
	return old
}

// CompareAndSwap replaces (*sync/atomic.Uintptr).CompareAndSwap.
func (x *atomicUintptr) CompareAndSwap(old, new uintptr) (swapped bool) {
	if x.v != old {
		return false
	}
	x.v = new
	return true
}

// Add replaces (*sync/atomic.Uintptr).Add.
func (x *atomicUintptr) Add(delta uintptr) (new uintptr) {
	x.v += delta
	return x.v
}

// And replaces (*sync/atomic.Uintptr).And.
func (x *atomicUintptr) And(mask uintptr) (old uintptr) {
	old = x.v
	x.v = old & mask
	return old
}

// Or replaces (*sync/atomic.Uintptr).Or.
func (x *atomicUintptr) Or(mask uintptr) (old uintptr) {
	old = x.v
	x.v = old | mask
	return old
}

// atomicBool replaces sync/atomic.Bool: v is 1 for true, 0 for false.
type atomicBool struct{ v uint32 }

// b32 is b as an atomicBool holds it.
func b32(b bool) uint32 {
	if b {
		return 1
	}
	return 0
}

// Load replaces (*sync/atomic.Bool).Load.
func (x *atomicBool) Load() bool { return x.v != 0 }

// Store replaces (*sync/atomic.Bool).Store.
func (x *atomicBool) Store(val bool) { x.v = b32(val) }

// Swap replaces (*sync/atomic.Bool).Swap.
func (x *atomicBool) Swap(new bool) (old bool) {
	old = x.v != 0
	x.v = b32(new)
	return old
}

// CompareAndSwap replaces (*sync/atomic.Bool).CompareAndSwap.
func (x *atomicBool) CompareAndSwap(old, new bool) (swapped bool) {
	if x.v != b32(old) {
		return false
	}
	x.v = b32(new)
	return true
}

// atomicPointer replaces sync/atomic.Pointer.
type atomicPointer[T any] struct{ v *T }

// Load replaces (*sync/atomic.Pointer[T]).Load.
func (x *atomicPointer[T]) Load() *T { return x.v }

// Store replaces (*sync/atomic.Pointer[T]).Store.
func (x *atomicPointer[T]) Store(val *T) { x.v = val }

// Swap replaces (*sync/atomic.Pointer[T]).Swap.
func (x *atomicPointer[T]) Swap(new *T) (old *T) {
	old = x.v
	x.v = new
	return old
}

// CompareAndSwap replaces (*sync/atomic.Pointer[T]).CompareAndSwap.
func (x *atomicPointer[T]) CompareAndSwap(old, new *T) (swapped bool) {
	if x.v != old {
		return false
	}
	x.v = new
	return true
}

// atomicValue replaces sync/atomic.Value: v is nil until the first store,
// and then always of that store's dynamic type.
type atomicValue struct{ v any }

// Load replaces (*sync/atomic.Value).Load.
func (x *atomicValue) Load() (val any) { return x.v }

// Store replaces (*sync/atomic.Value).Store.
func (x *atomicValue) Store(val any) {
	if val == nil {
		panic("sync/atomic: store of nil value into Value")
	}
	if x.v != nil && !sameType(x.v, val) {
		panic("sync/atomic: store of inconsistently typed value into Value")
	}
	x.v = val
}

// Swap replaces (*sync/atomic.Value).Swap.
func (x *atomicValue) Swap(new any) (old any) {
	if new == nil {
		panic("sync/atomic: swap of nil value into Value")
	}
	if x.v != nil && !sameType(x.v, new) {
		panic("sync/atomic: swap of inconsistently typed value into Value")
	}
	old = x.v
	x.v = new
	return old
}

// CompareAndSwap replaces (*sync/atomic.Value).CompareAndSwap.
func (x *atomicValue) CompareAndSwap(old, new any) (swapped bool) {
	if new == nil {
		panic("sync/atomic: compare and swap of nil value into Value")
	}
	if old != nil && !sameType(old, new) {
		panic("sync/atomic: compare and swap of inconsistently typed values")
	}
	if x.v == nil {
		if old != nil {
			return false
		}
		x.v = new
		return true
	}
	if !sameType(x.v, new) {
		panic("sync/atomic: compare and swap of inconsistently typed value into Value")
	}
	if x.v != old {
		return false
	}
	x.v = new
	return true
}
