import TagHub

/// Every number the vendor rule checks use, in one place, each with where it comes from.
///
/// Where a vendor's current documentation says otherwise, the documentation wins: change the
/// number here, and the checks and their tests follow.
///
/// Non-finite numbers (NaN, infinity) are checked for every vendor. No vendor documents a rule;
/// what each SDK does with one, from its source, is the rule's consequence: Amplitude-Swift's
/// `JSONEncoder` throws and the event is lost (`BaseEvent.toString`); Segment's analytics-swift
/// writes 0 (`Configuration.jsonNonConformingNumberStrategy`); Batch's `BAJson` serializer fails
/// and the event's attributes are lost; Piano's `JSONSerialization.data` raises; Mixpanel-swift
/// asserts in debug builds and writes the number as text in release; Firebase's code is not open.
///
/// Empty names (an empty event name, an empty property key, a blank Segment event) have no rule in
/// any vendor's documentation either: they are advisory, except where an SDK's source shows a loss
/// (Amplitude-Swift's `Identify` drops an empty user property key, `amplitude.userPropertyName.empty`;
/// nothing in its source drops an event property's, so `amplitude.propertyName.empty` is advisory;
/// Segment's spec requires an event name on a track call).
public enum VendorLimits {
    /// Google Analytics 4 / Firebase Analytics on iOS.
    public enum Firebase {
        // Sources: the FIRAnalytics reference (firebase.google.com/docs/reference/ios/firebaseanalytics/
        // interface_f_i_r_analytics), FIREventNames.h / FIRAnalytics.h, Google Analytics help
        // articles 9267744 and 13316687, firebase.google.com/docs/analytics/errors.

        // Lengths are counted in UTF-16 code units, as an `NSString`'s length: the SDK is written in
        // Objective-C. An "é" written as e + combining accent counts 2.
        //
        // Names: "alphanumeric characters or underscores", starting with an "alphabetic character"
        // (FIRAnalytics.h). The headers do not say whether that means ASCII, and the SDK's code is
        // not open. The strongest sources say it does not: Android's `logEvent` reference links
        // those two words to Java's `Character.isLetter` and `isLetterOrDigit`, which accept
        // letters of every script, and so does the Firebase lint check in Android Studio; Google
        // Analytics' help (13316687) says event names "can include English and non-English words
        // and letters". Only the C++ and Unity reference gives `[a-zA-Z0-9]`. So the checks accept
        // a letter or a digit of any script, code point by code point, as Java does: a precomposed
        // "é" passes; an "e" followed by a combining accent does not, since the accent is neither.

        /// Event names: 1 to 40 characters (FIRAnalytics.h, `logEventWithName:`).
        public static let eventNameLength = 40
        /// Parameters per event (help article 9267744).
        public static let parametersPerEvent = 25
        /// Parameter names: 1 to 40 characters (FIRAnalytics.h).
        public static let parameterNameLength = 40
        /// String parameter values: at most 100 characters (FIRAnalytics.h; 500 on GA360).
        public static let parameterValueLength = 100
        /// User property names: 1 to 24 characters (FIRAnalytics.h, `setUserPropertyString:forName:`).
        public static let userPropertyNameLength = 24
        /// User property values: at most 36 characters (FIRAnalytics.h).
        public static let userPropertyValueLength = 36
        /// User properties per app (help article 9267744).
        public static let userPropertiesPerApp = 25
        /// Distinct event names per app, automatically collected ones excluded (help article 9267744).
        public static let distinctEventNamesPerApp = 500
        /// User IDs: at most 256 characters (FIRAnalytics.h, `setUserID:`).
        public static let userIDLength = 256
        /// The parameter that holds an e-commerce event's items (`kFIRParameterItems`,
        /// FIRParameterNames.h, as copied in firebase/firebase-cpp-sdk `analytics/ios_headers`).
        public static let itemsParameter = "items"
        /// Items per event: "up to 200"; the items past 200 are dropped (firebase.google.com/docs/
        /// analytics/measure-ecommerce).
        public static let itemsPerEvent = 200
        /// Custom parameters per item: "up to 27" (the same page, and the GA4 item-scoped
        /// e-commerce guide, developers.google.com/analytics/devguides/collection/ga4/
        /// item-scoped-ecommerce).
        public static let customParametersPerItem = 27
        /// The item parameters GA4 defines; every other one is custom. Each item needs an `item_id`
        /// or an `item_name` ("One of item_id or item_name is required", the GA4 events reference);
        /// an empty or blank one is taken as missing, as it identifies nothing. Item parameter
        /// names that differ only by case are reported as event parameter names are
        /// (`firebase.parameterName.case`): an advisory, with no rule in the documentation.
        public static let standardItemParameters: Set<String> = [
            "item_id", "item_name", "affiliation", "coupon", "discount", "index", "item_brand", "item_category",
            "item_category2", "item_category3", "item_category4", "item_category5", "item_list_id",
            "item_list_name", "item_variant", "location_id", "price", "quantity", "creative_name", "creative_slot",
            "promotion_id", "promotion_name",
        ]
        /// Prefixes no event, parameter or user property name may start with (FIRAnalytics.h).
        public static let reservedPrefixes = ["firebase_", "google_", "ga_"]
        /// More prefixes no parameter name may start with (help article 13316687).
        public static let reservedParameterPrefixes = ["_", "gtag."]
        /// Event names the SDK reserves: the event is dropped and an error event logged
        /// (FIREventNames.h and firebase.google.com/docs/analytics/errors, union of the lists).
        public static let reservedEventNames: Set<String> = [
            "ad_activeview", "ad_click", "ad_exposure", "ad_impression", "ad_query", "ad_reward", "adunit_exposure",
            "app_background", "app_clear_data", "app_exception", "app_install", "app_remove", "app_store_refund",
            "app_store_subscription_cancel", "app_store_subscription_convert", "app_store_subscription_renew",
            "app_update", "app_upgrade", "dynamic_link_app_open", "dynamic_link_app_update", "dynamic_link_first_open",
            "error", "firebase_campaign", "firebase_in_app_message_action", "firebase_in_app_message_dismiss",
            "firebase_in_app_message_impression", "first_open", "first_visit", "in_app_purchase",
            "notification_dismiss", "notification_foreground", "notification_open", "notification_receive",
            "os_update", "session_start", "session_start_with_rollout", "user_engagement",
        ]
        /// Parameter names the SDK reserves (help article 13316687).
        public static let reservedParameterNames: Set<String> = [
            "engagement_time_msec", "gclid", "session_id", "session_number",
        ]
        /// User property names the SDK reserves (FIRAnalytics.h).
        public static let reservedUserPropertyNames: Set<String> = [
            "first_open_time", "first_visit_time", "first_open_after_install", "last_deep_link_referrer", "user_id",
        ]
    }

    /// Mixpanel.
    public enum Mixpanel {
        // Sources: mixpanel/docs data-structure/property-reference/data-type.mdx,
        // events-and-properties.mdx, reserved-properties.mdx; the /track API reference;
        // mixpanel/mixpanel-swift Sources/MixpanelType.swift and Sources/Track.swift.

        /// String property values: at most 255 bytes of UTF-8; longer ones are truncated (data-type.mdx).
        public static let stringValueBytes = 255
        /// Property names: at most 255 characters; longer ones are truncated (data-type.mdx).
        public static let propertyNameLength = 255
        /// Properties per event: fewer than 255 (the /track reference; an FAQ says 2000).
        public static let propertiesPerEvent = 254
        /// Array values: fewer than 255 elements (data-type.mdx).
        public static let arrayLength = 254
        /// Distinct event names per project: a soft limit (events-and-properties.mdx).
        public static let distinctEventNames = 5000
        /// Property names Mixpanel reserves; `$ignore` silently drops the event (reserved-properties.mdx).
        public static let reservedPropertyNames: Set<String> = [
            "token", "ip", "time", "$time", "distinct_id", "$distinct_id", "$device_id", "$user_id", "$insert_id",
            "$event_name", "bucket", "$bucket", "$ignore", "alias", "$anon_id", "mp_original_distinct_id",
        ]
        /// Placeholder user IDs that Mixpanel rejects on import (`distinct_id` and `$insert_id`:
        /// mixpanel/docs `reference/import-events.mdx`, "we disallow the following values"). The
        /// docs say nothing of case or surrounding spaces; the check compares trimmed and without
        /// case, so that `" null"` and `"NULL"`, which an app produces by mistake as easily, are
        /// reported too.
        public static let placeholderIDs: Set<String> = [
            "00000000-0000-0000-0000-000000000000", "anon", "anonymous", "nil", "none", "null", "n/a", "na",
            "undefined", "unknown", "<nil>", "0", "-1", "true", "false", "[]", "{}",
        ]
    }

    /// Amplitude.
    public enum Amplitude {
        // Sources: amplitude.com/docs/faq/limits, amplitude.com/docs/apis/analytics/http-v2,
        // amplitude/Amplitude-iOS Amplitude.m, amplitude/Amplitude-Swift Constants.swift.

        /// User and device IDs: at least 5 characters, or they are dropped from the event (http-v2).
        public static let minimumIDLength = 5
        /// String values: at most 1024 characters; the SDKs truncate (faq/limits, Constants.swift).
        /// Counted in UTF-16 code units, as the Objective-C SDK does (the larger count of the two SDKs).
        public static let stringValueLength = 1024
        /// Properties in one dictionary: at most 1000; the legacy SDK empties a larger one (Amplitude.m).
        /// The Swift SDK's constant is 1024: the lower number is kept.
        public static let propertiesPerDictionary = 1000
        /// Event types per project: past this, events are ingested but cannot be queried (faq/limits).
        public static let eventTypesPerProject = 2000
        /// The prefix of the events the SDK sends itself (Constants.swift).
        public static let reservedEventPrefix = "[Amplitude] "
    }

    /// Segment, and the collectors that accept its spec.
    public enum Segment {
        // Sources: segmentio/segment-docs src/connections/spec/index.md, spec/track.md,
        // spec/screen.md, the HTTP tracking API page.

        /// The currency property: an ISO 4217 code, three capital letters (spec/track.md).
        public static let currencyCodeLength = 3
        /// One call: at most 32,000 bytes of JSON. The HTTP tracking API page says "32KB per
        /// event"; the SDKs that check it before sending use 32,000 (analytics-android
        /// `SegmentIntegration.MAX_PAYLOAD_SIZE`, bytes of the serialized JSON; analytics-kotlin,
        /// characters of it). The lower number is used.
        public static let callBytes = 32_000
        /// Properties with a meaning of their own in a track call (spec/track.md).
        public static let numericTrackProperties: Set<String> = ["revenue", "value"]
    }

    /// Batch (batch.com).
    public enum Batch {
        // Source: BatchLabs/Batch-iOS-SDK Sources/Batch/Modules/Profile/BAProfileCenter.swift and
        // BATEventAttributesValidator.swift.

        /// Event names and attribute keys: `[a-zA-Z0-9_]`, 1 to 30 characters.
        public static let nameLength = 30
        /// Attributes per event.
        public static let attributesPerEvent = 20
        /// String attribute values: 1 to 300 characters (grapheme clusters: the validator uses
        /// `String.count`), not blank, no line break. Older SDKs allowed 200.
        public static let stringValueLength = 300
        /// Array attribute values: at most 25 items.
        public static let arrayLength = 25
        /// Arrays within arrays: at most 3 levels.
        public static let nestingDepth = 3
        /// The `$label` of an event: at most 200 characters.
        public static let labelLength = 200
        /// The `$tags` of an event: at most 10.
        public static let tagsPerEvent = 10
        /// Each tag: at most 64 characters.
        public static let tagLength = 64
        /// Custom user IDs: at most 1024 characters; longer ones are logged and ignored.
        public static let customUserIDLength = 1024
    }

    /// Piano Analytics (formerly AT Internet).
    public enum Piano {
        // Sources: at-internet/piano-analytics-apple Sources/PianoAnalytics/Property.swift; the
        // support.piano.io article "Properties".

        /// Property keys: at most 40 characters; the SDK lowercases a key, then requires `^[a-z]\w*$`
        /// (Property.swift). Lengths are `String.count`, as the Swift SDK counts.
        public static let keyLength = 40
        /// Prefixes no property key may start with (Property.swift).
        public static let reservedKeyPrefixes = ["m_", "visit_"]
        /// String values: at most 255 characters (support article "Properties").
        public static let stringValueLength = 255
        /// String arrays: at most 20 items (support article "Properties").
        public static let arrayLength = 20
    }
}
