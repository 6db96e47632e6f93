import Dispatch

/// The queue of a ``BackgroundStrategy`` and its worker, behind one lock.
///
/// The worker is a drain scheduled on a serial `DispatchQueue`: it delivers the queued tags one at
/// a time until the queue is empty. A tag that finds the worker idle schedules it to start
/// ``gatheringDelay`` later rather than at once, so that the tags sent meanwhile are delivered by
/// the same drain: the callers of a burst wake the queue once, not once per tag. ``flush()`` and
/// `waitUntilDelivered()` start it at once.
///
/// `@unchecked Sendable` is safe: every stored `var` is read and written only while `lock` is
/// held (so they skip the run-time exclusivity checks), and the `let`s are `Sendable`.
final class BackgroundQueue<Schema: AnalyticsSchema>: @unchecked Sendable {
    /// How long a tag that finds the worker idle waits for others before the worker starts.
    static var gatheringDelay: DispatchTimeInterval { .milliseconds(1) }

    let lock = ConditionLock()
    let receivers: ChannelReceivers<Schema>
    /// Hands a tag taken from the queue to `receivers`.
    let deliver: @Sendable (ChannelReceivers<Schema>, Schema.AnyTagEnvelope) -> Void
    let queue: DispatchQueue
    let overflowPolicy: OverflowPolicy
    let capacity: Int
    let name: String
    /// The detail of each drop's report, made once, not per dropped tag.
    let dropDetail: String

    /// The queued tags, oldest first. Their tickets follow one another: the oldest has
    /// `issued - pending.count + 1`.
    let pending: RingBuffer<Schema.AnyTagEnvelope>
    /// Tickets handed out: one per tag queued (a tag that a full queue refuses gets none).
    @exclusivity(unchecked) var issued = 0
    /// Every ticket up to this one is delivered, dropped or cancelled.
    @exclusivity(unchecked) var processedThrough = 0
    /// Whether a drain is scheduled or running that will see every queued tag.
    @exclusivity(unchecked) var isDraining = false
    /// The ticket of the tag being delivered, while it is: what a cancellation waits for.
    @exclusivity(unchecked) var deliveringTicket: Int?
    @exclusivity(unchecked) var flushes: [(target: Int, continuation: CheckedContinuation<Void, Never>)] = []
    /// Consent notices, in order, each told after the tags up to ticket `after`; one being told marks `deliveringTicket`.
    @exclusivity(unchecked) var notices: [(after: Int, tell: @Sendable () -> Void)] = []

    init(
        receivers: ChannelReceivers<Schema>,
        deliver: @escaping @Sendable (ChannelReceivers<Schema>, Schema.AnyTagEnvelope) -> Void,
        capacity: Int,
        overflowPolicy: OverflowPolicy,
        name: String
    ) {
        self.receivers = receivers
        self.deliver = deliver
        self.capacity = capacity
        self.overflowPolicy = overflowPolicy
        self.name = name
        self.dropDetail = "background queue of \(capacity), \(overflowPolicy)"
        self.pending = RingBuffer(capacity: capacity)
        // Analytics is never urgent: the vendor runs below the app's own work, whoever sends.
        self.queue = DispatchQueue(label: "TagHub.BackgroundStrategy: \(name)", qos: .utility)
    }

    // MARK: - The caller's side

    /// Queues a tag of `channel` sent from `scope` (`keep` appends it to `pending`), or drops a tag
    /// when the queue is full; starts the worker if it is idle.
    func enqueue(on channel: AnalyticsChannel, scope: DeliveryScope?, keep: () -> Void) {
        lock.lock()
        guard !pending.isFull else { return enqueueOverflowing(on: channel, scope: scope, keep: keep) }
        issued += 1
        keep()
        let mustStart = !isDraining
        isDraining = true
        lock.unlock()
        if mustStart { startDrain() }
    }

    /// `enqueue` into a full queue, with the lock held: drops the oldest tag or this one.
    @inline(never)
    func enqueueOverflowing(on channel: AnalyticsChannel, scope: DeliveryScope?, keep: () -> Void) {
        let droppedChannel: AnalyticsChannel
        // Released after the lock: its payload's `deinit` is app code, which may send.
        var evicted: Schema.AnyTagEnvelope?
        if overflowPolicy.dropsOldest {
            evicted = pending.popFirst()
            droppedChannel = evicted?.tag.channel ?? channel
            issued += 1
            keep()
        } else {
            droppedChannel = channel
        }
        let mustStart = !isDraining
        isDraining = true
        lock.unlock()
        evicted = nil
        if mustStart { startDrain() }
        reportDrop(on: droppedChannel, to: scope?.diagnostics)
    }

    /// Queues a consent notice after the tags queued so far: the worker tells it before any later
    /// tag. It starts a drain at once (one that finds nothing to do ends at once).
    func enqueueNotice(_ tell: @escaping @Sendable () -> Void) {
        lock.withLock {
            notices.append((issued, tell))
            isDraining = true
        }
        startNow()
    }

    /// Schedules a drain, ``gatheringDelay`` from now.
    func startDrain() {
        queue.asyncAfter(deadline: .now() + Self.gatheringDelay) { self.drain() }
    }

    @inline(never)
    func reportDrop(on channel: AnalyticsChannel, to diagnostics: AnalyticsDiagnostics?) {
        let report = DiagnosticReport(reason: .droppedByBound, source: name, channel: channel, detail: dropDetail)
        diagnostics?.report(report)
    }

    // MARK: - The worker's side

    /// Delivers queued tags one at a time until the queue is empty, each inside the delivery scope
    /// of the hub that sent it (see "One delivery scope" in Docs/Architecture.md). Several drains
    /// may be scheduled (a gathered one and one a flush started); the serial queue runs them one
    /// after the other, and one that finds the queue empty ends at once.
    func drain() {
        var delivered: Int?
        let thread = DeliveryThread.current
        // The scope's frame stays open while the tags come from one hub: opening and closing it
        // for each tag cost about a twentieth of a background send.
        var scope: (identity: ObjectIdentifier?, opened: Bool)?
        // Each tag is released after the lock is let go: its `deinit` is app code, which may send.
        while finishDelivery(of: delivered) {
            // Taken without an optional: destroying an optional tag went through the tag type's
            // generic value witnesses.
            let (ticket, next) = takeNext()
            let identity = next.context.scope?.identity
            if scope?.identity != identity {
                if scope?.opened == true { thread.drainAndCloseFrame() }
                scope = (identity, thread.enterScope(of: identity))
            }
            withAutoreleasePool { deliver(receivers, next) }
            if scope?.opened == true { thread.endDeliveryKeepingFrame() }
            delivered = ticket
        }
        if scope?.opened == true { thread.drainAndCloseFrame() }
    }

    /// Under the lock, marks the tag `ticket` delivered (when there is one); `true` when another
    /// is queued, which the caller takes with ``takeNext()`` (the lock still held), `false` when
    /// the queue is empty, which ends the drain (the lock released).
    func finishDelivery(of ticket: Int?) -> Bool {
        lock.lock()
        // The notices queued before the next tag, told as a delivery: a cancellation waits for one.
        while let notice = notices.first, notice.after < issued - pending.count + 1 {
            notices.removeFirst()
            deliveringTicket = deliveringTicket ?? 0
            lock.unlock()
            DeliveryThread.current.runInScope(of: nil, notice.tell)
            lock.lock()
        }
        if deliveringTicket != nil {
            deliveringTicket = nil
            processedThrough = max(processedThrough, ticket ?? 0)
            lock.broadcast()
        }
        guard !pending.isEmpty else {
            isDraining = false
            processedThrough = issued
            lock.broadcast()
            let finished = takeFinishedFlushes()
            lock.unlock()
            for continuation in finished { continuation.resume() }
            return false
        }
        return true
    }

    /// After ``finishDelivery(of:)`` returned `true`: takes the next tag, marks it as being
    /// delivered, and releases the lock.
    func takeNext() -> (ticket: Int, envelope: Schema.AnyTagEnvelope) {
        let ticket = issued - pending.count + 1
        let next = pending.removeFirst()
        deliveringTicket = ticket
        let finished = takeFinishedFlushes()
        lock.unlock()
        for continuation in finished { continuation.resume() }
        return (ticket, next)
    }

    /// Removes and returns the flushes whose tags are all processed; the caller holds the lock.
    func takeFinishedFlushes() -> [CheckedContinuation<Void, Never>] {
        // Flushes are added in the order of their targets: when the first is not done, none is.
        guard let first = flushes.first, first.target <= processedThrough else { return [] }
        var finished: [CheckedContinuation<Void, Never>] = []
        flushes.removeAll { flush in
            guard flush.target <= processedThrough else { return false }
            finished.append(flush.continuation)
            return true
        }
        return finished
    }

    // MARK: - Flushing, cancelling, waiting

    /// Returns once every tag queued before the call is delivered, dropped or cancelled.
    func flush() async {
        await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
            let isDone = lock.withLock { () -> Bool in
                if processedThrough >= issued && notices.isEmpty && deliveringTicket == nil { return true }
                flushes.append((issued, continuation))
                return false
            }
            if isDone {
                continuation.resume()
            } else {
                startNow()
            }
        }
    }

    /// Starts a drain at once, without waiting for the gathering delay.
    func startNow() {
        queue.async { self.drain() }
    }

    /// Drops every queued tag, reports each to the diagnostics of the hub that sent it for
    /// `reason`, and waits for a delivery under way (unless called from inside a delivery), then
    /// tells the consent notices left, in order, on this thread; returns how many tags it dropped.
    func cancelPending(reason: DiagnosticReport.Reason, detail: String) -> Int {
        let finished: [CheckedContinuation<Void, Never>]
        let isInsideADelivery = DeliveryThread.current.isDelivering
        // Released after the lock: a payload's `deinit` is app code, which may send.
        var removed: [Schema.AnyTagEnvelope] = []
        var untold: [(after: Int, tell: @Sendable () -> Void)] = []
        defer { withExtendedLifetime(removed) {} }
        lock.lock()
        while let item = pending.popFirst() { removed.append(item) }
        // Waits for the delivery under way now, not for those of tags sent meanwhile: the worker
        // goes from one tag to the next under one lock, so it may never be seen idle. Not from
        // inside a delivery (the worker's own included): the delivery under way may be waiting for
        // the caller's (its strategy waiting for the consent replay this is called from, for
        // example).
        if let underWay = deliveringTicket, !isInsideADelivery {
            while deliveringTicket == underWay {
                lock.wait()
            }
        }
        if deliveringTicket == nil && pending.isEmpty {
            processedThrough = issued
        }
        swap(&untold, &notices)
        finished = takeFinishedFlushes()
        lock.unlock()
        for notice in untold { notice.tell() }
        for continuation in finished { continuation.resume() }
        report(removed, as: reason, detail: detail)
        return removed.count
    }

    /// Reports `envelopes` to the diagnostics each carries, one report per diagnostics and channel.
    func report(_ envelopes: [Schema.AnyTagEnvelope], as reason: DiagnosticReport.Reason, detail: String) {
        var counts: [(diagnostics: AnalyticsDiagnostics, channel: AnalyticsChannel, count: Int)] = []
        for envelope in envelopes {
            guard let diagnostics = envelope.diagnostics else { continue }
            let channel = envelope.tag.channel
            if let index = counts.firstIndex(where: { $0.diagnostics === diagnostics && $0.channel == channel }) {
                counts[index].count += 1
            } else {
                counts.append((diagnostics, channel, 1))
            }
        }
        for entry in counts {
            let (channel, count) = (entry.channel, entry.count)
            entry.diagnostics.report(
                DiagnosticReport(reason: reason, source: name, channel: channel, count: count, detail: detail)
            )
        }
    }

    /// Waits until every queued tag is delivered.
    ///
    /// From inside any delivery it does not wait, as a cancellation does not: what it would wait
    /// for may be waiting for the caller.
    func waitUntilDelivered() {
        let mayWait = !DeliveryThread.current.isDelivering
        lock.lock()
        if isDraining && mayWait {
            startNow()
        }
        while isDraining && mayWait {
            lock.wait()
        }
        lock.unlock()
    }
}
