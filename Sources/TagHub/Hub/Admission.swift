/// A strategy sorted into the channels it adopts and accepts, before it joins a roster: the one
/// place that rule lives (``AnalyticsStrategy/deliveredChannels`` reads it from here too).
///
/// Built outside the hub's lock: it reads the strategy's `acceptedChannels`, which is app code.
struct Admission<Schema: AnalyticsSchema> {
    let member: any AnalyticsStrategy<Schema>
    let screen: (any AnalyticsScreenStrategy<Schema>)?
    let userAction: (any AnalyticsUserActionStrategy<Schema>)?
    let event: (any AnalyticsEventStrategy<Schema>)?
    let state: (any AnalyticsStateStrategy<Schema>)?

    init(_ strategy: some AnalyticsStrategy<Schema>) {
        let accepted = strategy.acceptedChannels
        member = strategy
        screen = accepted.contains(.screen) ? strategy as? any AnalyticsScreenStrategy<Schema> : nil
        userAction = accepted.contains(.userAction) ? strategy as? any AnalyticsUserActionStrategy<Schema> : nil
        event = accepted.contains(.event) ? strategy as? any AnalyticsEventStrategy<Schema> : nil
        state = accepted.contains(.state) ? strategy as? any AnalyticsStateStrategy<Schema> : nil
    }

    /// The channels the strategy was sorted into.
    var channels: AnalyticsChannelSet {
        var channels: AnalyticsChannelSet = []
        if screen != nil { channels.insert(.screen) }
        if userAction != nil { channels.insert(.userAction) }
        if event != nil { channels.insert(.event) }
        if state != nil { channels.insert(.state) }
        return channels
    }
}
