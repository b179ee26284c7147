/// Writes values back out as compact JSON, without recursion (documents may nest to any depth the limits allow).
enum JSONWriter {
    private struct Level {
        var isObject: Bool
        var remaining: Int
        var expectsKey: Bool
    }

    /// Writes `value`, and with `copies` (a copy of the value's nodes, to sit at node `base` of the
    /// output's document) points each copied node at its text in `output` and its subtree's end at the
    /// new positions: `JSONDocumentBuilder.copy` builds nodes and text in this one walk. Returns the
    /// value's depth (0 for a string, number or literal).
    @discardableResult
    static func write(
        _ value: JSONValue,
        into output: inout [UInt8],
        relocating copies: UnsafeMutablePointer<JSONNode>? = nil,
        to base: Int = 0
    ) -> Int {
        let nodes = value.storage.nodes
        let bytes = value.storage.bytes
        var levels: [Level] = []
        var depth = 0
        let first = value.index
        var k = first
        // The node's text starts at `start` in the output (after the quote, for strings).
        func relocate(_ k: Int, start: Int) {
            guard let copies else { return }
            copies[k - first].start = UInt32(truncatingIfNeeded: start)
            copies[k - first].end = UInt32(truncatingIfNeeded: Int(nodes[k].end) - first + base)
        }
        repeat {
            let node = nodes[k]
            if let top = levels.last, top.isObject, top.expectsKey {
                relocate(k, start: output.count + 1)
                appendRaw(node, bytes, quoted: true, into: &output)
                output.append(UInt8(ascii: ":"))
                levels[levels.count - 1].expectsKey = false
                k += 1
                continue
            }
            relocate(k, start: output.count + (node.kind == JSONNode.string ? 1 : 0))
            k += 1
            switch node.kind {
            case JSONNode.object, JSONNode.array:
                let isObject = node.kind == JSONNode.object
                output.append(isObject ? UInt8(ascii: "{") : UInt8(ascii: "["))
                depth = Swift.max(depth, levels.count + 1)
                if node.length > 0 {
                    levels.append(Level(isObject: isObject, remaining: Int(node.length), expectsKey: isObject))
                    continue
                }
                output.append(isObject ? UInt8(ascii: "}") : UInt8(ascii: "]"))
            case JSONNode.string: appendRaw(node, bytes, quoted: true, into: &output)
            case JSONNode.number: appendRaw(node, bytes, quoted: false, into: &output)
            case JSONNode.true: output.append(contentsOf: "true".utf8)
            case JSONNode.false: output.append(contentsOf: "false".utf8)
            default: output.append(contentsOf: "null".utf8)
            }
            // A member or element just ended: a comma if another follows, else close every container it completed.
            while let top = levels.last {
                levels[levels.count - 1].remaining -= 1
                levels[levels.count - 1].expectsKey = top.isObject
                guard levels[levels.count - 1].remaining == 0 else {
                    output.append(UInt8(ascii: ","))
                    break
                }
                output.append(top.isObject ? UInt8(ascii: "}") : UInt8(ascii: "]"))
                levels.removeLast()
            }
        } while !levels.isEmpty
        return depth
    }

    /// Strings keep their escaped input text, which is valid JSON by construction.
    private static func appendRaw(
        _ node: JSONNode,
        _ bytes: UnsafePointer<UInt8>,
        quoted: Bool,
        into output: inout [UInt8]
    ) {
        if quoted { output.append(UInt8(ascii: "\"")) }
        output.append(contentsOf: node.text(in: bytes))
        if quoted { output.append(UInt8(ascii: "\"")) }
    }
}

extension JSONValue {
    /// The length of ``jsonBytes``, counted from the nodes without writing the text: a size limit
    /// measured on compact JSON (APNs' 4 KB) reads a view of a larger document without copying it.
    package var jsonByteCount: Int {
        let nodes = storage.nodes
        var total = 0
        for k in index..<Int(nodes[index].end) {
            let node = nodes[k]
            switch node.kind {
            // Brackets, a comma between members and a colon after each key (the key is a string node).
            case JSONNode.object: total += node.length == 0 ? 2 : 1 + 2 * Int(node.length)
            case JSONNode.array: total += node.length == 0 ? 2 : 1 + Int(node.length)
            case JSONNode.string: total += Int(node.length) + 2
            case JSONNode.number: total += Int(node.length)
            case JSONNode.false: total += 5
            default: total += 4
            }
        }
        return total
    }
}

extension JSONValue {
    /// Appends ``jsonBytes`` to `output`, without building an array of its own: a writer that embeds a
    /// payload in a larger answer (`PushInspectionWriter`) writes it in place.
    package func appendJSONBytes(to output: inout [UInt8]) {
        JSONWriter.write(self, into: &output)
    }
}
