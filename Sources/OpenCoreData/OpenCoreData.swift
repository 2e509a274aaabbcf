// Core Data's API on Linux. Files that `import OpenCoreData` see Foundation too, as Core Data's files do.
@_exported import Foundation
@_exported import Undo
