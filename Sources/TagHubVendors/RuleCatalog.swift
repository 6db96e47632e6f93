import TagHub

extension VendorRuleViolation {
    /// A violation of `rule`, one of the vendor models' rules, with the consequence
    /// ``VendorLimits/consequences`` gives it.
    init(_ rule: String, _ subject: String, limit: String) {
        self.init(rule, subject, limit: limit, consequence: VendorLimits.consequences[rule] ?? .dataLost)
    }
}

extension VendorLimits {
    /// Every rule the vendor models check, with what breaking it costs.
    public static let consequences: [String: VendorRuleViolation.Consequence] = [
        "firebase.eventName.length": .tagDropped, "firebase.eventName.characters": .tagDropped,
        "firebase.eventName.reservedPrefix": .tagDropped, "firebase.eventName.reserved": .tagDropped,
        "firebase.parameterCount": .dataLost, "firebase.parameterName.length": .dataLost,
        "firebase.parameterName.characters": .dataLost, "firebase.parameterName.reservedPrefix": .dataLost,
        "firebase.parameterName.reserved": .dataLost, "firebase.parameterName.case": .advisory,
        "firebase.parameterValue.length": .dataLost,
        "firebase.userPropertyName.length": .tagDropped, "firebase.userPropertyName.characters": .tagDropped,
        "firebase.userPropertyName.reservedPrefix": .tagDropped, "firebase.userPropertyName.reserved": .tagDropped,
        "firebase.userPropertyValue.length": .tagDropped, "firebase.userID.length": .tagDropped,
        "firebase.distinctEventNames": .tagDropped, "firebase.distinctUserProperties": .tagDropped,
        "firebase.nameCase": .advisory, "firebase.number.finite": .dataLost,
        "firebase.items.parameter": .dataLost, "firebase.items.count": .dataLost, "firebase.items.identity": .dataLost,
        "firebase.items.customParameterCount": .dataLost,
        "firebase.itemParameterName.length": .dataLost, "firebase.itemParameterName.characters": .dataLost,
        "firebase.itemParameterName.case": .advisory, "firebase.userID.optional": .advisory,
        "mixpanel.stringValue.bytes": .dataLost, "mixpanel.propertyName.length": .dataLost,
        "mixpanel.propertyCount": .dataLost, "mixpanel.propertyName.reserved": .dataLost,
        "mixpanel.propertyName.ignore": .tagDropped, "mixpanel.number.finite": .dataLost,
        "mixpanel.array.length": .dataLost, "mixpanel.eventName.empty": .advisory,
        "mixpanel.distinctID.placeholder": .tagDropped, "mixpanel.propertyName.case": .advisory,
        "mixpanel.nameCase": .advisory, "mixpanel.distinctEventNames": .advisory,
        "mixpanel.propertyName.empty": .advisory, "mixpanel.distinctID.optional": .advisory,
        "amplitude.userID.length": .dataLost, "amplitude.deviceID.length": .dataLost,
        "amplitude.stringValue.length": .dataLost, "amplitude.propertyCount": .dataLost,
        "amplitude.eventType.reservedPrefix": .advisory, "amplitude.eventType.empty": .advisory,
        "amplitude.propertyName.case": .advisory, "amplitude.nameCase": .advisory,
        "amplitude.distinctEventTypes": .dataLost, "amplitude.number.finite": .tagDropped,
        "amplitude.propertyName.empty": .advisory, "amplitude.userPropertyName.empty": .dataLost,
        "amplitude.userID.optional": .advisory,
        "amplitude.deviceID.optional": .advisory,
        "segment.track.event.empty": .tagDropped, "segment.track.event.titleCase": .advisory,
        "segment.track.revenue.number": .dataLost, "segment.track.value.number": .dataLost,
        "segment.track.currency.code": .dataLost, "segment.identify.userID.empty": .tagDropped,
        "segment.screen.name.reserved": .dataLost, "segment.payload.size": .tagDropped,
        "segment.propertyName.case": .advisory, "segment.nameCase": .advisory, "segment.number.finite": .dataLost,
        "segment.group.groupID.empty": .tagDropped, "segment.alias.newID.empty": .tagDropped,
        "segment.propertyName.empty": .advisory, "segment.identify.userID.optional": .advisory,
        "segment.group.groupID.optional": .advisory, "segment.alias.newID.optional": .advisory,
        "batch.eventName.format": .tagDropped, "batch.attributeKey.format": .tagDropped,
        "batch.attributeCount": .tagDropped, "batch.stringValue.length": .tagDropped,
        "batch.stringValue.blank": .tagDropped, "batch.stringValue.newline": .tagDropped,
        "batch.array.length": .tagDropped, "batch.nesting": .tagDropped, "batch.label.length": .tagDropped,
        "batch.tagCount": .tagDropped, "batch.tag.length": .tagDropped, "batch.customUserID.length": .tagDropped,
        "batch.attributeKey.case": .advisory, "batch.number.finite": .dataLost,
        "batch.customUserID.optional": .advisory,
        "piano.propertyKey.length": .dataLost, "piano.propertyKey.format": .dataLost,
        "piano.propertyKey.reservedPrefix": .dataLost, "piano.propertyKey.lowercased": .advisory,
        "piano.stringValue.length": .dataLost, "piano.array.length": .dataLost, "piano.propertyKey.case": .dataLost,
        "piano.eventName.empty": .advisory, "piano.nameCase": .advisory, "piano.number.finite": .tagDropped,
        "piano.userID.optional": .advisory,
        "firebase.userID.empty": .advisory, "mixpanel.distinctID.empty": .advisory,
        "amplitude.userID.empty": .advisory, "amplitude.deviceID.empty": .advisory,
        "batch.customUserID.empty": .advisory, "piano.userID.empty": .advisory,
    ]
}
