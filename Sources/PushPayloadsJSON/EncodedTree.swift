/// The tree a ``JSONBytesEncoder`` encoding builds before it is written.
///
/// `Encodable` hands out containers before their members are known and lets a value write to a container after its
/// siblings or children, or write one key twice, so the text cannot be written as the value encodes itself. Every value
/// is a node in one array, linked to its parent, first and last child and next sibling by index: an encoding allocates
/// the array (and the containers `Encodable` boxes), not a node per value. Containers and encoders are an index and the
/// tree, two words, so Swift keeps them inline in the existentials `Encodable` passes around.
final class EncodedTree {
    enum Content {
        case null
        case bool(Bool)
        case number(String)
        case string(String)
        case raw([UInt8])
        case array
        case object
    }

    struct Node {
        var content: Content = .null
        /// The member's name, in an object.
        var key: String
        var parent: Int
        /// The position among the parent's members or elements.
        var index: Int
        /// False for a `superEncoder()` member, which `Encodable` puts at its container's coding path.
        var isInCodingPath: Bool
        var firstChild = -1
        var lastChild = -1
        var nextSibling = -1
        var childCount = 0
    }

    static let root = 0

    private(set) var nodes: [Node]

    init() {
        nodes = []
        nodes.reserveCapacity(64)
        nodes.append(Node(key: "", parent: -1, index: 0, isInCodingPath: false))
    }

    // MARK: Building

    func encode<T: Encodable>(_ value: T, into node: Int) throws {
        // A payload's own JSON is copied as written. Comparing the types first spares every other
        // value two dynamic casts.
        if T.self == JSONValue.self, let json = value as? JSONValue {
            nodes[node].content = .raw(json.jsonBytes)
        } else if T.self == JSONDocument.self, let document = value as? JSONDocument {
            nodes[node].content = .raw(document.jsonBytes)
        } else {
            try value.encode(to: EncodedTreeEncoder(tree: self, node: node))
        }
    }

    func set(_ content: Content, of node: Int) {
        nodes[node].content = content
    }

    /// Makes `node` an object or an array (`container`). A value that becomes another container loses what it
    /// held; the old nodes stay in the array, unreachable.
    func make(_ node: Int, _ container: Content) {
        switch (nodes[node].content, container) {
        case (.object, .object), (.array, .array): return
        default: nodes[node].content = container
        }
        nodes[node].firstChild = -1
        nodes[node].lastChild = -1
        nodes[node].childCount = 0
    }

    /// The member `key` of the object `node`, made when it is new: a key encoded again keeps its place
    /// and gets the new value.
    func member(_ key: String, of node: Int, isInCodingPath: Bool = true) -> Int {
        make(node, .object)
        var child = nodes[node].firstChild
        while child >= 0 {
            if nodes[child].key == key { return child }
            child = nodes[child].nextSibling
        }
        return append(to: node, key: key, isInCodingPath: isInCodingPath)
    }

    /// A new element at the end of the array `node`.
    func element(of node: Int) -> Int {
        make(node, .array)
        return append(to: node, key: "", isInCodingPath: true)
    }

    private func append(to parent: Int, key: String, isInCodingPath: Bool) -> Int {
        let child = nodes.count
        nodes.append(Node(key: key, parent: parent, index: nodes[parent].childCount, isInCodingPath: isInCodingPath))
        let last = nodes[parent].lastChild
        if last >= 0 {
            nodes[last].nextSibling = child
        } else {
            nodes[parent].firstChild = child
        }
        nodes[parent].lastChild = child
        nodes[parent].childCount += 1
        return child
    }

    /// The number of members or elements of a container.
    func count(of node: Int) -> Int {
        switch nodes[node].content {
        case .array, .object: return nodes[node].childCount
        default: return 0
        }
    }

    /// The coding path of `node`, from the root: member names, and element positions as integer keys.
    func codingPath(of node: Int) -> [any CodingKey] {
        var path: [any CodingKey] = []
        var current = node
        while current > EncodedTree.root {
            let entry = nodes[current]
            if entry.isInCodingPath {
                if case .array = nodes[entry.parent].content {
                    path.append(EncodedTreeKey(index: entry.index))
                } else {
                    path.append(EncodedTreeKey(name: entry.key))
                }
            }
            current = entry.parent
        }
        return path.reversed()
    }

    // MARK: Writing

    /// The tree's JSON text; `prettyPrinted` indents by two spaces, one member or element per line.
    func json(prettyPrinted: Bool) -> [UInt8] {
        let output = OutputBuffer(capacity: nodes.count * 16)
        write(prettyPrinted: prettyPrinted, into: output)
        return output.bytes
    }

    /// Appends the tree's JSON text to `output`, the package's one output buffer.
    func write(prettyPrinted: Bool, into output: OutputBuffer) {
        Self.write(EncodedTree.root, of: nodes, into: output, indent: prettyPrinted ? 0 : nil)
    }

    private static func write(_ node: Int, of nodes: [Node], into output: OutputBuffer, indent: Int?) {
        switch nodes[node].content {
        case .null: output.append("null")
        case .bool(let flag): output.append(flag ? "true" : "false")
        case .number(let text): output.append(string: text)
        case .string(let text): output.appendJSONString(text)
        case .raw(let bytes): output.append(bytes)
        case .array, .object:
            let isObject: Bool
            if case .object = nodes[node].content { isObject = true } else { isObject = false }
            output.append(isObject ? UInt8(ascii: "{") : UInt8(ascii: "["))
            let inner = indent.map { $0 + 1 }
            var child = nodes[node].firstChild
            var first = true
            while child >= 0 {
                if !first { output.append(UInt8(ascii: ",")) }
                first = false
                newline(inner, into: output)
                if isObject {
                    output.appendJSONString(nodes[child].key)
                    output.append(UInt8(ascii: ":"))
                    if indent != nil { output.append(UInt8(ascii: " ")) }
                }
                write(child, of: nodes, into: output, indent: inner)
                child = nodes[child].nextSibling
            }
            if !first { newline(indent, into: output) }
            output.append(isObject ? UInt8(ascii: "}") : UInt8(ascii: "]"))
        }
    }

    private static func newline(_ indent: Int?, into output: OutputBuffer) {
        guard let indent else { return }
        output.append(UInt8(ascii: "\n"))
        for _ in 0..<indent { output.append("  ") }
    }
}
