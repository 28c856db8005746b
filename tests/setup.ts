// Unit tests run in Node: persisted stores use the test storage engine of @nanostores/persistent.
import { useTestStorageEngine } from '@nanostores/persistent'

useTestStorageEngine()
