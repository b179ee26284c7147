// Compiled into both targets (an Xcode file with both target memberships): what the app and its notification service
// extension share.

/// The app group the extension shares with the app: Exponea's and Swrve's extension code store delivery data there
/// for the app SDK to send, and Atomic's session token is handed over through it.
enum AppGroup {
    static let identifier = "group.com.example.multivendor"
}
