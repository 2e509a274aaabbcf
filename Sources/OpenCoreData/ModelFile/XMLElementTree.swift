import Foundation
#if canImport(FoundationXML)
import FoundationXML
#endif

/// An XML element with the line it starts on: what the model reader works from.
final class XMLElementNode {
    let name: String
    let attributes: [String: String]
    let line: Int
    var children: [XMLElementNode] = []

    init(name: String, attributes: [String: String], line: Int) {
        self.name = name
        self.attributes = attributes
        self.line = line
    }

    func children(named name: String) -> [XMLElementNode] { children.filter { $0.name == name } }

    /// Reads an XML document with Foundation's `XMLParser`; the first error is reported with its line and column.
    static func parse(_ data: Data, file: URL) throws(ModelFileError) -> XMLElementNode {
        let builder = TreeBuilder()
        let parser = XMLParser(data: data)
        parser.delegate = builder
        let finished = parser.parse()
        if let failure = builder.failure {
            throw ModelFileError(
                file: file, line: failure.line, column: failure.column,
                problem: "the XML is not well-formed: \(failure.message)")
        }
        guard let root = builder.root else {
            let detail = finished ? "it has no root element" : "it could not be read"
            throw ModelFileError(
                file: file, line: parser.lineNumber, column: nil, problem: "the file is not XML (\(detail))")
        }
        return root
    }

    private final class TreeBuilder: NSObject, XMLParserDelegate {
        var root: XMLElementNode?
        var stack: [XMLElementNode] = []
        var failure: (line: Int, column: Int, message: String)?

        func parser(
            _ parser: XMLParser, didStartElement elementName: String, namespaceURI: String?,
            qualifiedName qName: String?, attributes attributeDict: [String: String] = [:]
        ) {
            let node = XMLElementNode(name: elementName, attributes: attributeDict, line: parser.lineNumber)
            if let parent = stack.last { parent.children.append(node) } else if root == nil { root = node }
            stack.append(node)
        }

        func parser(
            _ parser: XMLParser, didEndElement elementName: String, namespaceURI: String?, qualifiedName qName: String?
        ) {
            _ = stack.popLast()
        }

        func parser(_ parser: XMLParser, parseErrorOccurred parseError: Error) {
            guard failure == nil else { return }
            let code = (parseError as NSError).code
            failure = (parser.lineNumber, parser.columnNumber, XMLElementNode.message(forLibXMLCode: code))
            parser.abortParsing()
        }
    }

    /// libxml2's error codes (which Linux's `XMLParser` reports) in words.
    static func message(forLibXMLCode code: Int) -> String {
        switch code {
        case 4: "the document is empty"
        case 5: "there is content after the end of the root element"
        case 9: "a character is not allowed in XML"
        case 23: "an entity reference lacks its “;”"
        case 26: "an entity (&name;) is not defined"
        case 33: "an attribute value does not start with a quote"
        case 34: "an attribute value's quote is not closed"
        case 38: "an attribute value contains “<”"
        case 39: "an attribute has no value"
        case 40: "an attribute value is not closed"
        case 41: "an attribute has no value"
        case 42: "an attribute appears twice in one element"
        case 45: "a comment is not closed"
        case 64: "a name starting with “xml” is reserved"
        case 65: "a space is required here"
        case 68: "a name is required here (an element or attribute name)"
        case 73: "“>” is required here (an element is not closed)"
        case 74: "“</” is required here"
        case 75: "“=” is required after an attribute name"
        case 76: "a closing tag does not match its opening tag"
        case 77: "an element is not finished"
        case 85, 86: "the elements are not properly nested"
        default: "XML error \(code)"
        }
    }
}
