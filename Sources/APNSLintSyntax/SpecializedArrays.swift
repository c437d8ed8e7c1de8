extension Array {
    /// `count` copies of `value`, in an array allocated by code the compiler specializes for `Element`.
    ///
    /// The standard library's `init(repeating:count:)` and `init(unsafeUninitializedCapacity:initializingWith:)`
    /// allocate through a generic function that asks the runtime for the storage class's metadata on every call: a
    /// lookup in a table every thread shares, whose reader count then passes from core to core when several threads
    /// lint at once (perf, two threads on 10,000 files). `reserveCapacity` and `append` are specialized, and keep the
    /// metadata in a cache of their own.
    ///
    /// `package`, not `public`: the readers and the model use it, and a program that imports the library does not get
    /// it on its arrays.
    @inlinable
    package init(specializedRepeating value: Element, count: Int) {
        self.init()
        reserveCapacity(count)
        append(contentsOf: repeatElement(value, count: count))
    }
}
