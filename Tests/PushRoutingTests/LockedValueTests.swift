import PushRouting
import Testing

/// `LockedValue`, the router's lock (`Sources/PushRouting/LockedValue.swift`).
@Suite("LockedValue")
struct LockedValueTests {
    private struct Failure: Error {}

    @Test("concurrent increments from many tasks give the exact total")
    func concurrentIncrements() async {
        let counter = LockedValue(0)
        let tasks = 16
        let increments = 2_000
        await withTaskGroup(of: Void.self) { group in
            for _ in 0..<tasks {
                group.addTask {
                    for _ in 0..<increments { counter.withLock { $0 += 1 } }
                }
            }
        }
        #expect(counter.current == tasks * increments)
    }

    @Test("withLock returns the closure's value, after its change to the value")
    func returnsClosureValue() {
        let names = LockedValue(["a"])
        let count = names.withLock { names -> Int in
            names.append("b")
            return names.count
        }
        #expect(count == 2)
        #expect(names.withLock { $0.joined(separator: ",") } == "a,b")
        #expect(names.current == ["a", "b"])
    }

    @Test("a throwing closure releases the lock: the value keeps its change and the lock stays usable")
    func throwingClosure() async {
        let value = LockedValue(0)
        #expect(throws: Failure.self) {
            try value.withLock { value in
                value = 1
                throw Failure()
            }
        }
        #expect(value.withLock { $0 } == 1, "the change made before the throw stays")
        // Another task takes the lock too: a lock left held would hang here.
        let fromTask = await Task.detached {
            value.withLock { value -> Int in
                value += 1
                return value
            }
        }.value
        #expect(fromTask == 2)
        #expect(value.current == 2)
    }
}
