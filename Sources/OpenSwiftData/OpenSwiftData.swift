// `import SwiftData` brings Foundation and Observation with it, so model files and view models that import only
// SwiftData use `Date`, `#Predicate` and `@Observable`. `import OpenSwiftData` does the same, so changing the import
// is the only edit such a file needs.
@_exported import Foundation
@_exported import Observation
