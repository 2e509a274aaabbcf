import Foundation
import OpenSwiftData

// The shapes of the data layers of Apple's sample apps Backyard Birds and (WWDC24) Trips that exercise the engine,
// reduced to the properties that matter here.

/// Backyard Birds' backyard: two lists of plants that name one inverse, and visitor events its generation code
/// relates from both sides.
@Model
final class Backyard {
    var name: String
    @Relationship(inverse: \Plant.backyard) var leadingPlants: [Plant] = []
    @Relationship(inverse: \Plant.backyard) var trailingPlants: [Plant] = []
    @Relationship(deleteRule: .cascade, inverse: \BackyardVisitorEvent.backyard) var visitorEvents:
        [BackyardVisitorEvent] = []

    init(name: String) { self.name = name }
}

@Model
final class Plant {
    var species: String
    var backyard: Backyard?

    init(species: String) { self.species = species }
}

@Model
final class BackyardVisitorEvent {
    var minute: Int
    var backyard: Backyard?

    init(minute: Int) { self.minute = minute }
}

/// The Trips sample's trip and its bucket list.
@Model
final class Trip {
    var name: String
    @Relationship(deleteRule: .cascade, inverse: \BucketListItem.trip) var bucketList: [BucketListItem] = []

    init(name: String) { self.name = name }
}

@Model
final class BucketListItem {
    var title: String
    var trip: Trip?

    init(title: String) { self.title = title }
}

/// Two many-to-many lists that name one inverse: a shape no table layout can store faithfully.
@Model
final class Playlist {
    var name: String
    @Relationship(inverse: \Song.playlists) var favourites: [Song] = []
    @Relationship(inverse: \Song.playlists) var recent: [Song] = []

    init(name: String) { self.name = name }
}

@Model
final class Song {
    var title: String
    var playlists: [Playlist] = []

    init(title: String) { self.title = title }
}

/// References to `Tag` with no inverse: a to-one (a foreign key) and a to-many (a join table).
@Model
final class Errand {
    var title: String
    var tag: Tag?
    var labels: [Tag] = []

    init(title: String, tag: Tag? = nil) {
        self.title = title
        self.tag = tag
    }
}

/// A to-many whose delete rule is `.noAction`: deleting the shelf does nothing to the jars in memory before the save.
@Model
final class Shelf {
    var label: String
    @Relationship(deleteRule: .noAction, inverse: \Jar.shelf) var jars: [Jar] = []

    init(label: String) { self.label = label }
}

@Model
final class Jar {
    var contents: String
    var shelf: Shelf?

    init(contents: String) { self.contents = contents }
}
