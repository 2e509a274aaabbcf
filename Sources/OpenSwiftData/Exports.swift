// OpenSwiftData's users see `UndoManager` (Linux only: Foundation has none there) as before it moved into the
// `Undo` module that OpenCoreData shares.
@_exported import Undo
