// The model types (Trace, Step, Value, Verdict, ...) are part of ConformKit's API: one import is enough.
@_exported import ConformCore
