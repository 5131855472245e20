// In-place optimizer steps over the flat parameter buffer (PyTorch update rules).

export interface Optimizer {
  step(params: Float64Array, grads: Float64Array): void;
}

/** Adam (Kingma & Ba) as torch.optim.Adam (L2 weight decay added to the gradient, no amsgrad). */
export function adam(size: number, lr: number, beta1: number, beta2: number, eps: number, weightDecay: number): Optimizer {
  const m = new Float64Array(size);
  const v = new Float64Array(size);
  let t = 0;
  return {
    step(params, grads) {
      t++;
      const bc1 = 1 - beta1 ** t;
      const bc2 = Math.sqrt(1 - beta2 ** t);
      const stepSize = lr / bc1;
      const b1 = 1 - beta1;
      const b2 = 1 - beta2;
      for (let k = 0; k < size; k++) {
        const g = grads[k]! + weightDecay * params[k]!;
        const mk = beta1 * m[k]! + b1 * g;
        const vk = beta2 * v[k]! + b2 * g * g;
        m[k] = mk;
        v[k] = vk;
        params[k] = params[k]! - (stepSize * mk) / (Math.sqrt(vk) / bc2 + eps);
      }
    },
  };
}

/** Plain SGD, with heavy-ball momentum as torch.optim.SGD (buffer = g on the first step). */
export function sgd(size: number, lr: number, momentum: number, weightDecay: number): Optimizer {
  const buf = new Float64Array(size);
  let first = true;
  return {
    step(params, grads) {
      if (momentum === 0) {
        for (let k = 0; k < size; k++) params[k] = params[k]! - lr * (grads[k]! + weightDecay * params[k]!);
        return;
      }
      for (let k = 0; k < size; k++) {
        const g = grads[k]! + weightDecay * params[k]!;
        const b = first ? g : momentum * buf[k]! + g;
        buf[k] = b;
        params[k] = params[k]! - lr * b;
      }
      first = false;
    },
  };
}
