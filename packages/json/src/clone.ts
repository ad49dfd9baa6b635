// A copy of a parsed JSON value at any depth. `structuredClone` recurses on the native stack and
// throws a RangeError near 5,000 levels of nesting, which a server can send in 10 KB; this walks
// an explicit stack instead, so its cost is linear in the value and its depth is unbounded.

type Json = null | boolean | number | string | Json[] | { [key: string]: Json };

export function cloneJson<T>(value: T): T {
  const root: { value: unknown } = { value: undefined };
  const stack: [source: unknown, target: Record<string, unknown> | unknown[], key: string | number][] = [
    [value, root, 'value'],
  ];
  for (let item = stack.pop(); item !== undefined; item = stack.pop()) {
    const [source, target, key] = item;
    let copy: unknown = source;
    if (Array.isArray(source)) {
      copy = new Array<unknown>(source.length);
      for (let i = 0; i < source.length; i++) stack.push([source[i], copy as unknown[], i]);
    } else if (typeof source === 'object' && source !== null) {
      copy = {};
      // Pushed last to first, so they are popped, and defined on the copy, in the source's key order.
      const names = Object.keys(source);
      for (let i = names.length - 1; i >= 0; i--)
        stack.push([(source as Record<string, Json>)[names[i]!], copy as Record<string, unknown>, names[i]!]);
    }
    // defineProperty, not assignment: a key named "__proto__" stays an own data property, as JSON.parse made it.
    Object.defineProperty(target, key, { value: copy, writable: true, enumerable: true, configurable: true });
  }
  return root.value as T;
}
