// +, -, *, integer / and %, floating-point /, and negation. SQLite's integer division and remainder truncate toward
// zero, as Swift's do. Where Swift would trap (integer overflow, integer division by zero) SQLite yields REAL or NULL
// instead; a NULL makes the enclosing comparison false. Floating-point division is Swift's own, in an SQL function:
// ±infinity for a zero divisor, by the signs, and NULL for NaN.

/// `+`, `-` or `*`.
package enum ArithmeticOperator: Sendable {
    case add, subtract, multiply

    var sql: String {
        switch self {
        case .add: "+"
        case .subtract: "-"
        case .multiply: "*"
        }
    }
}

extension SQLExpressionBuilder {
    /// `left op right`; of reals (`floatingPoint`) as Swift computes it, where the dialect needs a function for that
    /// (``SQLDialect/floatArithmeticFunction``), which may yield NULL (NaN).
    package func arithmetic(
        _ left: SQLExpression, _ op: ArithmeticOperator, _ right: SQLExpression, floatingPoint: Bool = false
    ) -> SQLExpression {
        if floatingPoint, let function = dialect.floatArithmeticFunction {
            return computed(function + "(" + left.fragment + ", '\(op.sql)', " + right.fragment + ")", nullable: true)
        }
        return computed(
            "(" + left.fragment + " \(op.sql) " + right.fragment + ")", nullable: left.isNullable || right.isNullable)
    }

    /// Integer `left / right`, truncated toward zero; NULL for a zero divisor.
    package func integerDivision(_ left: SQLExpression, _ right: SQLExpression) -> SQLExpression {
        computed("(" + left.fragment + " / " + right.fragment + ")", nullable: true)
    }

    /// Integer `left % right`, with the dividend's sign; NULL for a zero divisor.
    package func remainder(_ left: SQLExpression, _ right: SQLExpression) -> SQLExpression {
        computed("(" + left.fragment + " % " + right.fragment + ")", nullable: true)
    }

    /// Floating-point `left / right` as Swift computes it: SQLite answers x / 0.0 with NULL and cannot tell -0.0 from
    /// 0.0; Swift gives ±infinity by the sign of both (1 / -0.0 is -infinity), and NaN, which SQL spells NULL.
    package func floatDivision(_ left: SQLExpression, _ right: SQLExpression) -> SQLExpression {
        computed(call(.floatDivide, [left.fragment, right.fragment]), nullable: true)
    }

    /// `-operand`. SQLite computes -x as 0 - x, which is +0.0 for x = 0.0, where -0.0 matters to a later division:
    /// a `floatingPoint` operand is multiplied by -1 instead, which negates it exactly, zero's sign included.
    package func negation(_ operand: SQLExpression, floatingPoint: Bool) -> SQLExpression {
        computed(
            floatingPoint ? "(" + operand.fragment + " * -1)" : "(- " + operand.fragment + ")",
            nullable: operand.isNullable)
    }

    /// `function(arguments…)`.
    func call(_ function: StoreFunction, _ arguments: [SQLFragment]) -> SQLFragment {
        dialect.functionName(function) + "(" + SQLFragment.joined(arguments, separator: ", ") + ")"
    }
}
