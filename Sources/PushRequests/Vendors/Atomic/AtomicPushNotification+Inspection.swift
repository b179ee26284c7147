public import PushPayloads

extension AtomicPushNotification: PushInspectionExtras {
    /// The members `AtomicPushNotification`'s `Encodable` conformance encodes, in its order, an absent optional left out.
    public func writeInspection(to object: inout PushInspectionObject) throws {
        object.member("card_instance_id", cardInstanceID)
        object.member("container_id", containerID)
        object.member("detail", detail)
    }
}
