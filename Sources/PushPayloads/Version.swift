/// This package's release, as `CHANGELOG.md` heads it: `push-payloads --version` and the example
/// gateway's `--version` print it from here, so the tools and the changelog cannot disagree
/// (`VersionTests` holds the changelog to it).
public let pushPayloadsVersion = "0.1.0"
