import HTML

/// The Places app's tabs: the list, the pictures (the tutorial's "Show Images") and the map.
public enum PlacesTab: Sendable, Hashable, CaseIterable {
    /// The list with search and the "interested" filter (`/places`).
    case list
    /// Every place's picture (`/places/images`).
    case images
    /// The map (`/places/map`).
    case map

    /// The header tabs for a Places page; `current` is marked (nil for none).
    public static func navigation(current: PlacesTab?) -> [NavigationLink] {
        [
            NavigationLink(title: "Places", href: PlacesPaths.list, isCurrent: current == .list),
            NavigationLink(title: "Show Images", href: PlacesPaths.images, isCurrent: current == .images),
            NavigationLink(title: "Map", href: PlacesPaths.map, isCurrent: current == .map),
        ]
    }

    /// A page in the Places layout: the showcase's layout with the Places tabs and ``PlacesAssets/stylesheet``.
    static func page(title: String, current: PlacesTab?, content: HTMLFragment) -> String {
        Layout.page(
            title: title,
            appName: "Places",
            navigation: navigation(current: current),
            content: content,
            stylesheets: [PlacesAssets.stylesheet.url]
        )
    }
}
