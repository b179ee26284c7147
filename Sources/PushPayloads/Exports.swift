// `import PushPayloads` gives the JSON engine's types too: the model is read through them
// (`payload["source"]?.stringValue`), so users need no second import.
@_exported public import PushPayloadsJSON
