/**
 * Growing typed arrays: the index writer's posting lists and the engine's candidate columns
 * double their capacity when full (amortised O(1) appends, no per-posting objects).
 */

/** Any typed array of numbers the index uses. */
export type NumberArray = Uint8Array | Uint32Array | Int32Array | Float64Array;

/**
 * A copy of `a` with twice its length: `make(n)` creates the new array, the slots past `a`'s
 * length hold `fill` (0 when not given). `length`: the new length instead of twice `a`'s (not
 * less than `a`'s).
 */
export function doubled<A extends NumberArray>(a: A, make: (n: number) => A, fill?: number, length = a.length * 2): A {
  const b = make(length);
  if (fill !== undefined) b.fill(fill);
  b.set(a);
  return b;
}
