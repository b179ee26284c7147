/// The top-level keys a decoder's markers live under: every payload the decoder recognises has one of
/// ``keys``, or a key starting with one of ``prefixes`` (compared as decoded UTF-8, case-sensitive).
///
/// A decoder that declares them (``PushPayloadDecoder/markerKeys``) lets ``PushDecoderRegistry`` skip it
/// for a payload that has none: the registry reads the payload's top-level keys once, whatever the number
/// of decoders, instead of every decoder looking for its own. That is what keeps
/// ``PushDecoderRegistry/extended``, with its nineteen decoders, close to the cost of the four standard ones.
///
/// The keys must cover every rule of the decoder on both wire shapes: a payload without them is never
/// shown to it. An empty key or prefix matches nothing and is ignored.
public struct PushMarkerKeys: Hashable, Sendable {
    /// Exact top-level keys.
    public var keys: [String]
    /// Prefixes of top-level keys.
    public var prefixes: [String]

    /// Creates the set of marker keys.
    public init(keys: [String], prefixes: [String] = []) {
        self.keys = keys
        self.prefixes = prefixes
    }
}
