import { describe, expect, it } from 'vitest';
import { inputScalingOp } from './inputScaling.js';

const chain = (s: string) => s.split(' → ');

describe('inputScalingOp', () => {
  it('names the scaling op first in the chain, past shape-only ops', () => {
    expect(inputScalingOp(chain('Cast → Scaler → LinearClassifier(LOGISTIC)'))).toBe('Scaler');
    expect(inputScalingOp(chain('Sub → Div → Gemm → Relu → Gemm → Softmax'))).toBe('Sub');
    expect(inputScalingOp(chain('BatchNormalization → Gemm → Softmax'))).toBe('BatchNormalization');
  });

  it('is null when the chain starts with a layer, whatever comes after it', () => {
    expect(inputScalingOp(chain('Gemm → Relu → Gemm → Sub → Softmax'))).toBeNull();
    expect(inputScalingOp(chain('MatMul+Add → Sigmoid'))).toBeNull();
    expect(inputScalingOp(chain('Cast → Reshape'))).toBeNull();
    expect(inputScalingOp([])).toBeNull();
  });
});
