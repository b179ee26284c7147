import PushRequests

/// The send request a record's payload was delivered from: its kind and the platform.
struct RequestDelivery {
    var kind: PushRequestKind
    var platform: PushPlatform
}
