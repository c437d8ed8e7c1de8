#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A mutex (pthread's): what Foundation's `NSLock` gave, without loading Foundation (see docs/performance.md).
package final class Lock: @unchecked Sendable {
    fileprivate let mutex = UnsafeMutablePointer<pthread_mutex_t>.allocate(capacity: 1)

    package init() {
        pthread_mutex_init(mutex, nil)
    }

    deinit {
        pthread_mutex_destroy(mutex)
        mutex.deallocate()
    }

    package func lock() { pthread_mutex_lock(mutex) }
    package func unlock() { pthread_mutex_unlock(mutex) }
    /// Takes the lock if no thread holds it; whether it did.
    package func tryLock() -> Bool { pthread_mutex_trylock(mutex) == 0 }

    package func withLock<T>(_ body: () throws -> T) rethrows -> T {
        lock()
        defer { unlock() }
        return try body()
    }
}

/// A mutex and a condition variable (pthread's), as Foundation's `NSCondition`: `wait` releases the lock while it
/// sleeps and holds it again when woken.
final class Condition: @unchecked Sendable {
    private let mutex = Lock()
    private let condition = UnsafeMutablePointer<pthread_cond_t>.allocate(capacity: 1)

    init() {
        pthread_cond_init(condition, nil)
    }

    deinit {
        pthread_cond_destroy(condition)
        condition.deallocate()
    }

    func lock() { mutex.lock() }
    func unlock() { mutex.unlock() }
    /// Called with the lock held; may return without a signal (callers wait in a loop on their condition).
    func wait() { pthread_cond_wait(condition, mutex.mutex) }
    func signal() { pthread_cond_signal(condition) }
    func broadcast() { pthread_cond_broadcast(condition) }
}
