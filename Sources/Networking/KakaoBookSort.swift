/// The order of a Kakao book search (`sort=`).
public enum KakaoBookSort: String, Sendable, Hashable, CaseIterable {
    /// `accuracy`: best matches first (Kakao's default).
    case accuracy
    /// `latest`: newest publication first.
    case latest
}

/// The field a Kakao book search looks in (`target=`); without one, Kakao searches them all.
public enum KakaoBookTarget: String, Sendable, Hashable, CaseIterable {
    /// `title`.
    case title
    /// `isbn`: the query is an ISBN-10 or ISBN-13.
    case isbn
    /// `publisher`.
    case publisher
    /// `person`: authors and translators.
    case person
}
